import { Link } from 'wouter';
import { paths } from '#web/lib/paths.ts';
import { LegalPage, type LegalSection } from './LegalPage.tsx';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        By creating an account or using HomeFix you agree to these Terms of Service and to our{' '}
        <Link href={paths.privacyPolicy} className="text-blue-700 underline dark:text-blue-300">
          Privacy Policy
        </Link>
        . If you do not agree, do not use the service.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 18 years old to use HomeFix. By using the service you confirm that you are 18 or
        older and able to enter into a binding contract.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate information and keep it up to date.</li>
        <li>Keep your password confidential; you are responsible for activity under your account.</li>
        <li>Verify your email address and tell us promptly about any unauthorised use.</li>
      </ul>
    ),
  },
  {
    id: 'the-service',
    title: 'What HomeFix does',
    body: (
      <>
        <p>
          HomeFix is a marketplace. Customers create estimates and post projects; service providers browse
          them, bid and message customers. HomeFix is not a party to any agreement between a customer and a
          provider and does not perform, supervise or guarantee any work.
        </p>
        <p>
          Estimates are informational guides based on typical unit prices, the quality level you choose and
          regional factors. They are not quotes or offers. Final prices are agreed directly between you and
          your provider.
        </p>
      </>
    ),
  },
  {
    id: 'providers',
    title: 'Service providers and subscriptions',
    body: (
      <ul>
        <li>
          Providers are responsible for holding any licences, permits and insurance their work requires.
        </li>
        <li>
          Paid plans renew monthly until cancelled. Plan limits on categories, tasks and messages apply.
        </li>
        <li>A free trial of 7 days is available once per provider account.</li>
      </ul>
    ),
  },
  {
    id: 'conduct',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>Post false, misleading, unlawful or offensive content, or impersonate anyone.</li>
          <li>Harass other users or use messaging to send spam.</li>
          <li>Interfere with the service, probe its security or access data you are not allowed to see.</li>
          <li>Scrape or copy the service or its content by automated means.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <p>
        You keep ownership of what you post. You give HomeFix a non-exclusive licence to host, display and
        share it as needed to run the service, for example to show a posted project to providers.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and cancellation',
    body: (
      <p>
        You may cancel your account at any time from the Account page. We may suspend or close accounts that
        break these terms or put other users at risk.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        The service is provided "as is" and "as available". To the fullest extent the law allows, HomeFix is
        not liable for indirect, incidental or consequential damages, or for the acts, omissions or work of
        any user. Our total liability for any claim is limited to the amount you paid us in the 12 months
        before the claim.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of Florida, United States, without regard to its
        conflict-of-law rules. Any dispute will be brought in the state or federal courts located in Florida.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; the effective date above shows the latest version. Continuing to use
        HomeFix after a change means you accept it. Questions? Write to legal@homefix.local.
      </p>
    ),
  },
];

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These Terms of Service govern your use of HomeFix Marketplace ("HomeFix", "we", "us"), including our
          website, estimate tools, project listings and messaging.
        </p>
      }
      sections={sections}
    />
  );
}
