import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { encoderLine } from '@trendscope/pipeline/cli/commands/status.command';
import { encoderAvailable } from '@trendscope/pipeline/embed/embed-texts';

describe('sentence encoder availability (metrics gauge and `trendscope status`)', () => {
  it('is available where `make install` unpacked the model', () => {
    expect(encoderAvailable()).to.be.true;
    expect(encoderLine()).to.match(/^sentence encoder: ready \(/);
  });

  it('says the encoder is missing, and what to do, when its folder holds no model', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'no-encoder-'));
    const env = { ...process.env, PIPELINE_ENCODER_DIR: empty };
    expect(encoderAvailable(env)).to.be.false;
    expect(encoderLine(env)).to.include(`MISSING in ${empty}`).and.to.include('make install');
  });
});
