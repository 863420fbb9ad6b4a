// What other features use of the finders: the plain description of a finder tool (a locked
// tool's page says what it does with it). The finder page itself is loaded lazily by its path.
export { finderWording, type FinderWording } from '@matchkit/app-contract';
