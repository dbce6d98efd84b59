// BUILD_DIR lets several builds live side by side (e.g. parallel e2e runs); default 'build'.
const buildDir = process.env.BUILD_DIR || 'build'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Classic compiler. Route modules live in app/routes as flat routes.
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // Bundled (and tree-shaken) into the server build instead of loaded whole from node_modules:
  // their root entries pull every function and icon into memory (date-fns alone is ~340 MB of RSS
  // in a bare process), while the app uses a few dozen.
  serverDependenciesToBundle: [/^date-fns(\/.*)?$/, /^lucide-react(\/.*)?$/],
  serverBuildPath: `${buildDir}/index.js`,
  assetsBuildDirectory: `${buildDir}/client`,
  publicPath: '/build/',
  cacheDirectory: `.cache/${buildDir}`,
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
