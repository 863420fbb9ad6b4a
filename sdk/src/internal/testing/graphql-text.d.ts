// The tests import the generated platform schema as text (`./generated/schema.graphql?raw`), which
// Vitest (through Vite) reads natively. Test support only: nothing published imports a .graphql file.
declare module '*.graphql?raw' {
  const text: string;
  export default text;
}
