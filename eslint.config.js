import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const extension = {
  regex: '^(?!\\./\\+types/)[.#](?!.*\\.(ts|tsx|js|mjs|css|json|svg|png)(\\?.*)?$)',
  message: 'Write the file extension in local imports.',
}
const product = '(core|jobs|gateway|app|server|tests|kits)/'

/**
 * tools/ is a package of its own (tools/package.json), so the product's '#…/' subpaths do not
 * reach it: within tools, '#tools/…' across its folders; the product by the path that leaves
 * tools/ straight into one of the product's folders ('../app/…' from tools/, '../../app/…' a
 * folder below), never a climb that stays inside tools/.
 */
const toolsImportStyle = ['tools/*', 'tools/*/*', 'tools/*/*/*'].map((folder) => {
  const up = '../'.repeat(folder.split('/').length - 1)
  return {
    files: [`${folder}.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!${up.replaceAll('.', '\\.')}${product})\\.\\./`,
              message: `In tools/, import across its folders through '#tools/…' and the product through '${up}<folder>/…' (tools/ is a package of its own).`,
            },
            extension,
          ],
        },
      ],
    },
  }
})

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
            extension,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  ...toolsImportStyle,
  {
    // Configuration files Node.js loads as CommonJS (.dependency-cruiser.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    // The Node.js kit is plain JavaScript that merchants run with node, no build step.
    files: ['kits/**/*.js', 'kits/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
)
