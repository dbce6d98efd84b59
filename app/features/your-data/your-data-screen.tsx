// /customer/your-data: download the whole record (a plain link to a file: it works without
// JavaScript), and the way to close the account.
import { Link } from '@remix-run/react'
import { Download, UserX } from 'lucide-react'
import { buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { PageHeader } from '~/components/ui/page-header'
import { CLOSE_ACCOUNT_PATH, RECORD_CONTENTS, YOUR_DATA_ZIP_PATH } from './your-data'

export function YourDataScreen() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Your data" description="Your health record belongs to you: take a copy, or close your account." />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-none tracking-tight">Download your record</h2>
          <CardDescription>
            One ZIP file with everything we keep about you: your profile, every entry of your health log, your messages
            with the care team and your reminder settings.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-3 text-sm sm:gap-1.5">
            {RECORD_CONTENTS.map((item) => (
              <li key={item.file} className="grid gap-0.5 sm:grid-cols-[minmax(0,18rem)_1fr] sm:gap-3">
                <span className="break-words font-mono text-[0.8125rem]">{item.file}</span>
                <span className="text-muted-foreground">{item.what}</span>
              </li>
            ))}
          </ul>
          <div>
            {/* A plain link, with or without JavaScript: the ZIP comes as an attachment, so the browser
                saves it and stays here; a refusal comes back to this page with its sentence. (No
                `download` attribute: with it the browser would save a refusal's page as the file.) */}
            <a href={YOUR_DATA_ZIP_PATH} className={buttonVariants()} data-testid="download-record">
              <Download aria-hidden="true" />
              Download my record
            </a>
          </div>
          <p className="text-sm text-muted-foreground">
            It is prepared as you download it; a long record takes a little longer. The file is not kept anywhere.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-none tracking-tight">Close your account</h2>
          <CardDescription>
            Closing your account signs you out everywhere and stops reminders; your clinic keeps your clinical record for
            as long as the law requires. Download your record first if you want a copy.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link to={CLOSE_ACCOUNT_PATH} className={buttonVariants({ variant: 'outline' })}>
            <UserX aria-hidden="true" />
            Close my account
          </Link>
        </CardContent>
      </Card>
    </div>
  )
}
