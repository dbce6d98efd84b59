// Extension (docs/provider-api.md, "Connected devices"): the health-data services a patient can
// connect. The reference provider can only simulate one ("Demo Health", in dev mode); the real
// services are listed so the app can say plainly that they are not available here.

export const DATA_TYPES = ['weight', 'sleep', 'activity'] as const
export type DataType = (typeof DATA_TYPES)[number]

export interface DeviceService {
  service: string
  service_name: string
  /** What the service shares with us. */
  data_types: DataType[]
  /** What a sync turns into health-log entries (the log has no activity kind). */
  imported_types: Exclude<DataType, 'activity'>[]
  /** Only the simulated service can be connected on the reference provider. */
  simulated: boolean
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

/** Connectable here: the simulated service, and only where the dev tools are on. */
export function isAvailable(service: DeviceService, devMode: boolean): boolean {
  return service.simulated && devMode
}
