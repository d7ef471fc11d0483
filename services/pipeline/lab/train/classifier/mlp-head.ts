/**
 * A one-hidden-layer perceptron over a dense input (ReLU hidden units, one output per class), whose
 * logits are added to a base answer's (`skip`): a non-linear second stage over the category
 * model's answer and the text's sentence embedding. Trained by train-mlp-head.ts; lab only (not
 * adopted: docs/lab-notes/categories.md, "A non-linear head").
 */
export interface MlpHead {
  /** Per input: the value used is (x - center) x scale. */
  center: number[];
  scale: number[];
  /** w1[h][i]: input i into hidden unit h; b1[h] its bias. */
  w1: number[][];
  b1: number[];
  /** w2[c][h]: hidden unit h into class c; b2[c] its bias. */
  w2: number[][];
  b2: number[];
}

/** The standardised input of `x` (raw input values, in the head's input order). */
export function standardise(head: Pick<MlpHead, 'center' | 'scale'>, x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(head.center.length);
  for (let i = 0; i < out.length; i++) out[i] = ((x[i] ?? 0) - head.center[i]!) * head.scale[i]!;
  return out;
}

/** The hidden layer's values for a standardised input. */
export function hiddenOf(head: MlpHead, input: Float64Array): Float64Array {
  const hidden = new Float64Array(head.b1.length);
  for (let h = 0; h < hidden.length; h++) {
    const row = head.w1[h]!;
    let sum = head.b1[h]!;
    for (let i = 0; i < input.length; i++) sum += row[i]! * input[i]!;
    hidden[h] = sum > 0 ? sum : 0;
  }
  return hidden;
}

/** The head's logits for the raw input `x`, plus `skip` (the base answer's logits) where given. */
export function mlpLogits(head: MlpHead, x: ArrayLike<number>, skip?: ArrayLike<number>): number[] {
  return outputOf(head, hiddenOf(head, standardise(head, x)), skip);
}

/** The output logits from the hidden layer's values, plus `skip` where given. */
export function outputOf(head: MlpHead, hidden: Float64Array, skip?: ArrayLike<number>): number[] {
  return head.w2.map((row, c) => {
    let sum = head.b2[c]! + (skip?.[c] ?? 0);
    for (let h = 0; h < hidden.length; h++) sum += row[h]! * hidden[h]!;
    return sum;
  });
}
