/** A configuration that cannot be used: every problem named, each with where it came from. */
export class ConfigError extends Error {
  /**
   * @param exitCode the bin's exit code when it stops on this: 2 for a command line it cannot read
   *   (a usage error), 1 for a bad value.
   */
  constructor(
    readonly problems: string[],
    readonly exitCode = 1,
  ) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}
