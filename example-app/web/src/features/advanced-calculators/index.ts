// What other features use of the advanced calculators: reading a calculator's address into its
// form, and the form into the sdk's arguments (the finders' tests follow their links with them).
export { readArgs, stateFromAddress } from './form';
