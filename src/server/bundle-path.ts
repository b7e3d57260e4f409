/** Where the build writes the bundled function (src/builder/function-bundle.ts), from the project root. */
export const FUNCTION_BUNDLE = 'generated/function/index.js';
