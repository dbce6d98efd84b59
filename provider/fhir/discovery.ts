// Discovery, public (no token): the CapabilityStatement (`fhir/metadata`) and the SMART
// configuration (`fhir/.well-known/smart-configuration`), both built from the base URL in use.
import type { CapabilityStatement } from '@medplum/fhirtypes'
import { FHIR_CLIENT_SCOPES, FHIR_SIGNING_ALGS } from '../../common/fhir/scopes'
import { tokenUrl } from './token.js'
import type { FhirRoute } from './types.js'

/** FHIR's canonical definition of the Bulk Data `$export` operation. */
export const BULK_EXPORT_DEFINITION = 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export'
const GROUP_EXPORT_DEFINITION = 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export'
const PATIENT_EXPORT_DEFINITION = 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export'

export function capabilityStatement(baseUrl: string): CapabilityStatement {
  const exportOperation = { name: 'export', definition: BULK_EXPORT_DEFINITION }
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-27',
    publisher: 'BariCare',
    kind: 'instance',
    software: { name: 'BariCare FHIR API' },
    implementation: { description: 'BariCare: bariatric patients’ health log as FHIR R4', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: false,
          service: [
            {
              coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }],
              text: 'SMART Backend Services (OAuth 2.0 client credentials with a signed JWT)',
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: tokenUrl(baseUrl) }],
            },
          ],
        },
        resource: [
          {
            type: 'Patient',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              { name: '_id', type: 'token' },
              { name: 'identifier', type: 'token' },
              { name: 'name', type: 'string' },
              { name: 'birthdate', type: 'date' },
            ],
            operation: [{ name: 'export', definition: PATIENT_EXPORT_DEFINITION }],
          },
          {
            type: 'Observation',
            interaction: [{ code: 'search-type' }],
            searchParam: [
              { name: 'patient', type: 'reference' },
              { name: 'category', type: 'token' },
              { name: 'code', type: 'token' },
              { name: 'date', type: 'date' },
              { name: '_count', type: 'number' },
            ],
          },
          {
            type: 'Procedure',
            interaction: [{ code: 'search-type' }],
            searchParam: [{ name: 'patient', type: 'reference' }],
          },
          {
            type: 'Group',
            operation: [{ name: 'export', definition: GROUP_EXPORT_DEFINITION }],
          },
        ],
        operation: [exportOperation],
      },
    ],
  }
}

export function smartConfiguration(baseUrl: string) {
  return {
    token_endpoint: tokenUrl(baseUrl),
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: [...FHIR_SIGNING_ALGS],
    grant_types_supported: ['client_credentials'],
    scopes_supported: [...FHIR_CLIENT_SCOPES],
    capabilities: ['client-confidential-asymmetric'],
  }
}

export const discoveryRoutes: readonly FhirRoute[] = [
  {
    method: 'GET',
    path: 'metadata',
    need: { kind: 'public' },
    handle: (req) => ({ status: 200, body: capabilityStatement(req.baseUrl) }),
  },
  {
    method: 'GET',
    path: '.well-known/smart-configuration',
    need: { kind: 'public' },
    // SMART's discovery document is plain JSON, not a FHIR resource.
    handle: (req) => ({ status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: smartConfiguration(req.baseUrl) }),
  },
]
