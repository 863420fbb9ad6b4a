// What other features may use of accounts (eslint.config.js): the account forms' error handling,
// for the account page's settings forms.
export { useFormErrors, type FieldErrors, type FormErrors } from './form';
export { FormAlert } from './FormAlert';
export { NewPasswordHint, type PasswordDetails } from './PasswordStrength';
