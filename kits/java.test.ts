import { describeLanguage } from '#kits/harness/describe-language.ts'

await describeLanguage('java')
