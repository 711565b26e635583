/** `--name value` and `--flag` options of a benchmark's command line. */
const argv = process.argv.slice(2);

export function option(name, fallback) {
  const i = argv.indexOf(name);
  return i === -1 || argv[i + 1] === undefined ? fallback : argv[i + 1];
}

export function numberOption(name, fallback) {
  return Number(option(name, fallback));
}

export function flag(name) {
  return argv.includes(name);
}
