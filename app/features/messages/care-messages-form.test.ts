import { describe, expect, test } from 'vitest'
import { validateMessage } from './care-messages-form'

// conform's form parsing reads an empty field as missing, also inside the body rule's pipe: the
// form must still say the documented sentence, not zod's default "Required".
describe('the compose form', () => {
  test('an empty or missing message reads "Message is required"', () => {
    const empty = new FormData()
    empty.set('body', '')
    expect(validateMessage(empty).reply().error).toEqual({ body: ['Message is required'] })
    const blank = new FormData()
    blank.set('body', '   \n ')
    expect(validateMessage(blank).reply().error).toEqual({ body: ['Message is required'] })
    expect(validateMessage(new FormData()).reply().error).toEqual({ body: ['Message is required'] })
  })

  test('a message is sent as written', () => {
    const form = new FormData()
    form.set('body', 'Hello team')
    const submission = validateMessage(form)
    expect(submission.status).toBe('success')
  })
})
