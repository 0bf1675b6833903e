import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'kits/*/out/',
      'kits/**/vendor/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      // One import style (docs/architecture.md#shape-of-the-repository): './file.ts' within a folder and
      // below it, '#core/…', '#jobs/…', '#app/…', '#server/…', '#gateway/…', '#tests/…', '#scripts/…' or '#kits/…' across
      // folders, always with the file's extension. React Router's generated './+types/…' are
      // the one exception.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message: "Import across folders through its '#…/' subpath (package.json imports).",
            },
            {
              regex: '^(?!\\./\\+types/)[.#](?!.*\\.(ts|tsx|js|mjs|css|json|svg|png)(\\?.*)?$)',
              message: 'Write the file extension in local imports.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The Node.js kit is plain JavaScript that merchants run with node, no build step.
    files: ['kits/**/*.js'],
    languageOptions: { globals: globals.node },
  },
)
