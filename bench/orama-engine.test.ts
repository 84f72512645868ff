// The Orama baseline against the search contract (tests/support/engine-contract.ts), so the
// benchmark compares engines that answer the same question. Orama has no typo tolerance.
import { describeEngineContract } from '../tests/support/engine-contract';
import { oramaAlgorithms, oramaEngine } from './orama-engine';

for (const algorithm of oramaAlgorithms) {
  describeEngineContract(algorithm, oramaEngine(algorithm), {
    typos: false,
    exactBoost: algorithm !== 'qps',
  });
}
