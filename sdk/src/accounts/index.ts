/**
 * The rules of the account forms (registration, sign-in, password reset): field readers that
 * return the normalised value or a message a person can act on, their valibot schemas, and
 * whole-form validators that name every bad field by its path (`input.email`, ...). The server
 * checks its input with the same rules, so the browser and the server never disagree.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/accounts
 */
export {
  readEmail,
  readUsername,
  readName,
  readNewPassword,
  readConfirmAdult,
  readGoal,
  readLogin,
  readCurrentPassword,
  readResetToken,
  readEmailToken,
  readCloseConfirmation,
  emailSchema,
  usernameSchema,
  firstNameSchema,
  lastNameSchema,
  newPasswordSchema,
  confirmAdultSchema,
  goalSchema,
  PASSWORD_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  USERNAME_PATTERN,
  INVALID_RESET_LINK,
  INVALID_EMAIL_LINK,
  CLOSE_ACCOUNT_PHRASE,
  type Checked,
  type GoalCatalogue,
} from './fields';
export {
  validateRegistration,
  validateLogin,
  validatePasswordResetRequest,
  validatePasswordReset,
  validateNameChange,
  validatePasswordChange,
  validateEmailChange,
  validateAccountClosure,
  problemsByField,
  type FieldProblem,
  type FormResult,
  type RegistrationInput,
  type Registration,
  type LoginForm,
  type PasswordResetRequestForm,
  type PasswordResetForm,
  type NameChangeForm,
  type PasswordChangeForm,
  type EmailChangeForm,
  type AccountClosureForm,
} from './forms';
