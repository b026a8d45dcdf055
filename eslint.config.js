// Lint: type-aware TypeScript rules that catch real bugs (floating promises, exhaustive switches)
// and the rules of hooks; eslint/walls.js holds the floors and doors of the house. Formatting is not linted.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { walls } from './eslint/walls.js';
import { i18n } from './eslint/i18n.js';

// Server error texts come from a catalogue (decision 019): a module's modules/<x>/messages.ts, platform's
// PLATFORM_ERRORS. The types already refuse a bare string; these refuse a text written in place in any form (a
// literal, a template, an object literal posing as a message) where an error is built, message or field message.
const ERROR_HELPERS = '/^(badRequest|conflict|forbidden|notFound|unauthenticated|payloadTooLarge)$/';
const INLINE = ':matches(Literal, TemplateLiteral, ObjectExpression)';
const inlineText =
  "Server error texts come from the module's catalogue (modules/<x>/messages.ts, declared with serverMessages), so each has a stable code.";
const serverTextRules = [
  { selector: `CallExpression[callee.name=${ERROR_HELPERS}] > ${INLINE}:first-child`, message: inlineText },
  { selector: `NewExpression[callee.name='AppError'] > ${INLINE}:nth-child(3)`, message: inlineText },
  { selector: `CallExpression[callee.name='errorBody'] > ${INLINE}:nth-child(2)`, message: inlineText },
  // Field messages: the values of the fields object.
  {
    selector: `:matches(CallExpression[callee.name=/^(badRequest|conflict|errorBody)$/], NewExpression[callee.name='AppError']) > ObjectExpression > Property > ${INLINE}.value`,
    message: inlineText,
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...serverTextRules] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...walls,
  ...i18n,
);
