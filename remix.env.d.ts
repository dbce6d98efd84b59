/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module '@remix-run/node' {
  // Single fetch is on (remix.config.js): loaders' types follow its serialisation.
  interface Future {
    v3_singleFetch: true
  }
}

export {}
