// Every test file starts with the test suites' cheaper password hash cost (provider/passwords.ts),
// also where a file hashes without starting an API (the seeds, the store's own tests). A file that
// tests the standard cost asks for it by name.
import { setPasswordHashing } from '../../provider/passwords.js'

setPasswordHashing('test')
