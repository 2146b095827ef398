import { Link } from 'wouter';
import { paths } from '#web/lib/paths.ts';
import { LegalPage, type LegalSection } from './LegalPage.tsx';

const sections: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>
          We collect the information you give us and a small amount of information about how you use HomeFix:
        </p>
        <ul>
          <li>
            Account details: your name, email address, password (stored only as a secure hash) and account
            type.
          </li>
          <li>
            Provider details: business name, service category, tasks, service region and contact information.
          </li>
          <li>
            Project details: estimates, descriptions, measurements, locations and any messages you send.
          </li>
          <li>Usage details: pages visited, links clicked, browser type, referring page and IP address.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To create and secure your account and keep you signed in.</li>
        <li>To calculate estimates and show your posted projects to providers who serve your area.</li>
        <li>To deliver messages between customers and providers.</li>
        <li>To send service emails such as email verification and password reset links.</li>
        <li>To understand how the service is used so we can fix problems and improve it.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>
            With other users as the service requires, for example a posted project's details with providers,
            or your name with the person you message.
          </li>
          <li>
            With service providers that host our systems or send our email, under confidentiality obligations.
          </li>
          <li>
            When the law requires it, or to protect the rights, property or safety of our users or the public.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We use a strictly necessary session cookie to keep you signed in. Your browser's local storage
        remembers your light or dark theme and whether you closed the beta notice. We do not use advertising
        cookies.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data retention',
    body: (
      <p>
        We keep your information while your account is open and for as long as needed to provide the service,
        resolve disputes and meet legal obligations. Verification links expire after 24 hours and password
        reset links after 60 minutes.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your information with encryption in transit, hashed passwords, access controls and
        monitoring. No system is perfectly secure, so please use a strong, unique password and tell us about
        anything suspicious.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices and rights',
    body: (
      <p>
        You can view and update your profile at any time, change your messaging preferences in Settings and
        close your account from the Account page. You may ask us for a copy of your information or ask us to
        delete it by contacting us.
      </p>
    ),
  },
  {
    id: 'age-limit',
    title: 'Age limit',
    body: (
      <p>
        HomeFix is only for people who are 18 years of age or older. We do not knowingly collect information
        from anyone under 18. If you believe a minor has given us information, contact us and we will delete
        it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy from time to time. When we make material changes we will update the
        effective date above and, where appropriate, let you know by email or in the app.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and contact',
    body: (
      <p>
        This policy is governed by the laws of the State of Florida, United States. Questions? Write to
        privacy@homefix.local or use our{' '}
        <Link href={paths.feedback} className="text-blue-700 underline dark:text-blue-300">
          feedback page
        </Link>
        . See also our{' '}
        <Link href={paths.termsOfService} className="text-blue-700 underline dark:text-blue-300">
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This Privacy Policy explains what information HomeFix Marketplace ("HomeFix", "we", "us") collects
          when you use our website and services, how we use it and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
