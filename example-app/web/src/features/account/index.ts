// What other features may use of account (eslint.config.js): the notice asking a member to confirm
// their address (with Send again), which the forum page shows when the forum needs a confirmed one.
export { AddressNotice } from './settings/AddressNotice';
