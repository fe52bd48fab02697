// A reader that stops early (`homunculus config | head -1`) closes the pipe: the next write fails
// with EPIPE, which Node raises as an unhandled 'error' event, a stack trace. A closed pipe is a
// normal end: the rest of the output has nowhere to go, so it is dropped and the command finishes
// as it would have (its files written, its exit code kept). Light: every entry point loads it.

function dropOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    // After EPIPE the stream is destroyed: later writes are dropped without another event.
    if (e.code !== 'EPIPE') throw e;
  });
}

export function quietOnClosedPipe(): void {
  dropOnClosedPipe(process.stdout);
  dropOnClosedPipe(process.stderr);
}
