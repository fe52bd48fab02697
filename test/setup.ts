import { afterAll } from 'vitest';
import { removeTempRoot } from './helpers.js';

afterAll(() => removeTempRoot());
