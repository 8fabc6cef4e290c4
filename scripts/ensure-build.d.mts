/** Runs `npm run build` when there is no production build or it is older than its sources. */
export function ensureBuild(): void;
