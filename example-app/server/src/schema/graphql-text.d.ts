// A module's schema.graphql is imported as text (`./schema.graphql?raw`): Vite (and so Vitest)
// reads `?raw` natively, the server's esbuild build through a loader (server/build.mjs).
declare module '*.graphql?raw' {
  const text: string;
  export default text;
}
