import { addDays } from '../dates.ts';
import type { SeededStream } from '../prng.ts';
import { GIVEN_NAMES_F, GIVEN_NAMES_M, NATIONALITIES, SURNAMES, type Person } from './people.ts';

/**
 * Draws fictional people whose (nom, prenoms) pair is unique in the season, so a match or a homonym on the
 * restrictive-measures list exists only where the trap plan puts one.
 */
export class PersonFactory {
  private readonly used = new Set<string>();

  constructor(private readonly rng: SeededStream) {}

  person(): Person {
    for (;;) {
      const given = this.rng.below(2) === 0 ? GIVEN_NAMES_F : GIVEN_NAMES_M;
      const first = this.rng.pick(given);
      const second = this.rng.pick(given);
      const prenoms = this.rng.below(3) === 0 || first === second ? first : `${first} ${second}`;
      const nom = this.rng.pick(SURNAMES);
      const key = `${nom}|${prenoms}`;
      if (this.used.has(key)) continue;
      this.used.add(key);
      return {
        nom,
        prenoms,
        // Born between 1948 and 1996: adults who can hold shares or appear on a list.
        date_naissance: addDays('1948-01-01', this.rng.below(49 * 365)),
        nationalite: this.rng.pick(NATIONALITIES),
      };
    }
  }
}
