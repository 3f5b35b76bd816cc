import { fuzzOperationsOfShard } from './openapi-fuzz-suite.ts';

// A third of the OpenAPI document's operations, fuzzed (the rest in the other openapi-fuzz-<n>.test.ts files).
fuzzOperationsOfShard(1);
