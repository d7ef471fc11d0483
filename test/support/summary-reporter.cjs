// mocha's spec reporter plus one closing line in the plain form CI tools read:
// "tests: N passed, N failed, N skipped".
const Mocha = require('mocha');

const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats ?? {};
      process.stdout.write(`\ntests: ${s.passes ?? 0} passed, ${s.failures ?? 0} failed, ${s.pending ?? 0} skipped\n`);
    });
  }
}

module.exports = SummaryReporter;
