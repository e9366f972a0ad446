// How a command in scripts/ that runs to an end finishes: the number `main` answers is the exit
// code; a failure prints one line under the command's name (its stack with `stack`, and its
// cause when it has one) and exits 1.
export function runCommand(
  name: string,
  main: () => Promise<number>,
  { stack = false }: { stack?: boolean } = {},
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const text =
        error instanceof Error
          ? ((stack ? error.stack : undefined) ?? error.message)
          : String(error);
      const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
      console.error(`${name}: ${text}${cause}`);
      process.exit(1);
    },
  );
}
