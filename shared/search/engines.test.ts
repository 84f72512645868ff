// The engines the app ships, checked against the search contract (tests/support/engine-contract.ts).
import { describeEngineContract } from '#tests/support/engine-contract';
import { engineFor } from './engines';
import { searchAlgorithms } from './search-algorithms';

for (const algorithm of searchAlgorithms) {
  describeEngineContract(algorithm, engineFor(algorithm), { typos: true, exactBoost: true });
}
