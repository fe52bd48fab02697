import { afterAll } from 'vitest';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { removeTempDirs } from './harness.mjs';

// Every sandbox (temporary HOME, project, data home) of a test file goes when the file is done;
// HOMUNCULUS_E2E_KEEP=1 keeps them to read the debug logs.
afterAll(() => removeTempDirs());
