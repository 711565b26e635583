/**
 * An input the user (or model) can fix: an unknown or ambiguous name, a refused value. Its message
 * is already the sentence to show: what was wrong and what to do instead.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}
