// The slot volatility choices, in plain words: the one list the slots and simulator selects share.
import { PROFILES, profileLabel } from './form';

/** The `<option>`s of a slot volatility select (low, medium, high), labelled for members. */
export function ProfileOptions() {
  return (
    <>
      {PROFILES.map((p) => (
        <option key={p} value={p}>
          {profileLabel(p)}
        </option>
      ))}
    </>
  );
}
