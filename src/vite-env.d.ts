/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** package version + build time, defined by vite.config.ts at build; undefined in dev and tests */
  readonly VITE_APP_VERSION?: string;
}
