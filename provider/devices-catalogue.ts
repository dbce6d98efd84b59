// Extension (docs/provider-api.md, "Connected devices"): the health-data services a patient can
// connect. "Demo Health" is simulated (dev mode only); Withings is real and connectable where
// the clinic configured it (WITHINGS_*, or the local simulator); the others are listed so the app
// can say plainly that they are not available here.

import type { DataType, DeviceServiceKey, ImportedType } from '../common/contract/devices-values'

export { DATA_TYPES, type DataType } from '../common/contract/devices-values'

export interface DeviceService {
  service: DeviceServiceKey
  service_name: string
  /** What the service shares with us. */
  data_types: DataType[]
  /** What a sync turns into health-log entries (the log has no activity kind). */
  imported_types: ImportedType[]
  /** Simulated entirely inside the API (Demo Health): its consent page is the app's dev route. */
  simulated: boolean
  /** Connected through the service's own OAuth 2.0 and API once configured (Withings). */
  real?: boolean
}

export const DEVICE_SERVICES: readonly DeviceService[] = [
  {
    service: 'demo_health',
    service_name: 'Demo Health',
    data_types: ['weight', 'sleep', 'activity'],
    imported_types: ['weight', 'sleep'],
    simulated: true,
  },
  {
    service: 'withings',
    service_name: 'Withings',
    data_types: ['weight', 'sleep', 'activity'],
    imported_types: ['weight', 'sleep'],
    simulated: false,
    real: true,
  },
  {
    service: 'fitbit',
    service_name: 'Fitbit / Google Health',
    data_types: ['weight', 'sleep', 'activity'],
    imported_types: ['weight', 'sleep'],
    simulated: false,
  },
  {
    service: 'garmin',
    service_name: 'Garmin Connect',
    data_types: ['weight', 'sleep', 'activity'],
    imported_types: ['weight', 'sleep'],
    simulated: false,
  },
]

/** Shown to patients as is: say who can change it, not how the provider is built. */
export const notAvailableHere = (serviceName: string) =>
  `Your clinic hasn't set up ${serviceName} yet. Ask your care team if you'd like to use it.`

export function findService(key: string): DeviceService | undefined {
  return DEVICE_SERVICES.find((service) => service.service === key)
}

/** What decides availability: dev tools on (Demo Health), real services configured (Withings). */
export interface Availability {
  devMode: boolean
  /** Keys of the real services this API has credentials (or the simulator) for. */
  configured: ReadonlySet<string>
}

/** Connectable here: the simulated service where the dev tools are on; a real one once configured. */
export function isAvailable(service: DeviceService, where: Availability): boolean {
  if (service.simulated) return where.devMode
  return service.real === true && where.configured.has(service.service)
}
