/** The npm packages bundled into the server's build (decision record 047). */
export const BUNDLED_PACKAGES: readonly string[];
/** esbuild's `external`: every dependency in the project's package.json but the bundled ones, with its subpaths. */
export function externalPackages(projectRoot?: string): string[];
