/** What is wrong with a demo run, in words; empty when it went as a user expects. */
export function judgeDemo(run: { status: number | null; signal: string | null; output: string }): string[];
