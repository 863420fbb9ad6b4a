/**
 * The registry of the advanced calculator pages: for each page (the slugs of the brand
 * catalogues' advanced calculators index), the functions of `@matchkit/sdk/calculators` behind it
 * and, for each function, a form (its inputs with their labels, units and help, read from the
 * function's input schema; the figures it returns; a worked example). Apart from the calculators,
 * so that a page running a calculator does not ship the text of every form.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/calculators/registry
 */
export {
  calculatorRegistry,
  findCalculator,
  type CalculatorEntry,
  type CalculatorForm,
  type CalculatorFunctionName,
  type CalculatorInputField,
  type CalculatorInputKind,
  type CalculatorResultField,
  type CalculatorUnit,
  type CalculatorExample,
} from './registry';
