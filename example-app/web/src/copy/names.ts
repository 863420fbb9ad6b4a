// The feed's keys as words (sports, bookmakers, exchanges, market types): shared with the server,
// which says them alike in pushes, so they live in the app contract.
export { accountLabel, marketLabel, sportLabel } from '@matchkit/app-contract';
