import type { LegalText } from './legal.zh-CN.ts';

/**
 * English reading aid of the Terms of Service and Privacy Policy; merged into en.ts under
 * `legal`. The Chinese text is the binding version, and the page says so.
 */
export const legalEn: LegalText = {
  updated: 'Updated 1 January 2026 · in force from 1 January 2026 · the Chinese version is binding',
  contents: 'Contents',
  seeAlso: 'See also',
  agreement: {
    title: 'SteelPort Terms of Service',
    intro:
      'Welcome to SteelPort. These terms are the agreement between you and the operator of SteelPort ("we") about registering, logging in and using the SteelPort website and its services. Please read them before you register, in particular the clauses that exclude or limit liability (sections 5 and 6). By ticking "I have read and agree" and completing the registration you accept all of these terms.',
    sections: [
      {
        heading: '1. The service',
        paragraphs: [
          'SteelPort is an information service for the trade in flat steel (hot-rolled, cold-rolled, galvanised, pickled and plate): warehouse stock, daily quotations, surplus material, steel indexes, shared processing, warehouse inspection, warehouse self-service and market news.',
          'SteelPort publishes, searches and connects; it is not a party to any sale and is not liable for the performance of a trade. Product, specification, grade, origin, price and stock are as the publisher and the warehouse actually hold them.',
        ],
      },
      {
        heading: '2. Account and security',
        paragraphs: [
          'Register with a mainland China mobile number registered in your own name and confirm it with an SMS code; one account per number. Naming a company opens a trader account: you confirm that the company details are true and that you may publish for the company.',
          'Keep your password and SMS codes to yourself and do not lend, rent or sell your account. If your account is misused, reset the password with "Forgot password" (every device is then logged out) and contact us.',
          'After several wrong passwords in a row, password login is paused to protect the account; you can still log in with an SMS code.',
        ],
      },
      {
        heading: '3. Beans and membership',
        paragraphs: [
          'Beans are service points used, for example, to view a supplier’s contact details; new members receive 10 beans. Beans cannot be exchanged for money or transferred. Every bean received, spent, refunded or adjusted is listed under My account · Bean history.',
          'VIP membership runs for the period bought and gives its benefits during that period (for example, viewing contact details without spending beans). It starts at once and is not refunded unless the law requires it or the service has a serious defect.',
        ],
      },
      {
        heading: '4. Publishing rules',
        paragraphs: [
          'Stock, quotations and surplus listings must be true, accurate and current: no invented stock or prices, no material already sold, no use of another person’s name or rights.',
          'Do not use SteelPort for unlawful purposes, do not harvest its data with programs or scripts, and do not disturb its operation. Searches and SMS codes are rate-limited.',
          'We may remove listings that break these terms and, in serious cases, suspend or close the account.',
        ],
      },
      {
        heading: '5. Indexes and market information',
        paragraphs: [
          'Steel indexes, volumes, stock figures and market articles are compiled from sample warehouses and market data for reference only; they are not investment or trading advice, and decisions based on them are at your own risk.',
        ],
      },
      {
        heading: '6. Limitation of liability',
        paragraphs: [
          'We work to keep the service available and secure, but as far as the law allows we are not liable for interruptions or delays caused by network faults, maintenance, force majeure or third parties.',
          'Check the other party, the goods and the price before you trade; a warehouse inspection is recommended. Disputes from a trade are settled between its parties; we will help with the records we hold where we can.',
        ],
      },
      {
        heading: '7. Changes and termination',
        paragraphs: [
          'We may change these terms as the business changes; the new version is published on this page with its date, and major changes are announced on the site. Using the service afterwards means you accept the new version.',
          'You may stop using the service at any time and ask us to close your account; unused beans and membership end with it.',
        ],
      },
      {
        heading: '8. Law and disputes',
        paragraphs: [
          'These terms are governed by the law of the People’s Republic of China. Disputes are first settled by negotiation; failing that, either party may sue in the competent people’s court where the operator is located.',
          'Questions about these terms: service@steelport.cn, Monday to Saturday 8:30–17:30.',
        ],
      },
    ],
  },
  privacy: {
    title: 'SteelPort Privacy Policy',
    intro:
      'This policy explains what personal information SteelPort collects when you use it, how the information is used, kept, shared and protected, and how you exercise your rights. Please read it before using the service.',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Registration and login: your mobile number, your password (stored only as an irreversible hash that nobody can read back), your contact name and, for a trader account, the company name.',
          'SMS verification: your number is used to send registration, login and password-reset codes; a code expires after 5 minutes and works once.',
          'Use of the service: to protect accounts and prevent data harvesting we record login times, IP addresses, browser type, searches and contact unlocks, and your bean and membership records.',
        ],
      },
      {
        heading: '2. How we use it',
        paragraphs: [
          'To create and run your account, confirm who you are, provide the information you ask for, and charge beans or check your membership when you view contact details.',
          'For security: spotting unusual logins, limiting bursts of requests and pausing password login after repeated wrong passwords.',
          'We do not use your information for purposes this policy does not name; for a new purpose we ask first.',
        ],
      },
      {
        heading: '3. Sharing and disclosure',
        paragraphs: [
          'We never sell personal information. A trader’s company name, contact name and phone appear with the listings it publishes; the phone only to logged-in users who spend beans or hold a membership.',
          'To send SMS and take payments we give the SMS provider and the payment institution the minimum they need. We disclose information when the law or a competent authority lawfully requires it.',
        ],
      },
      {
        heading: '4. Storage and protection',
        paragraphs: [
          'Your information is stored in the People’s Republic of China, only as long as its purpose needs, and is deleted or anonymised afterwards or when you close your account.',
          'We use encrypted transport, hashed passwords, access control and audit logs. Your login token lives only in your browser and stops working when you log out or reset the password.',
        ],
      },
      {
        heading: '5. Your rights',
        paragraphs: [
          'Under My account you can see and correct your contact name and company, change the password, and see your membership and bean history.',
          'Write to our service address to obtain, copy or delete your information or to close the account; we answer within 15 working days after confirming who you are.',
        ],
      },
      {
        heading: '6. Local storage',
        paragraphs: [
          'To keep you logged in and remember the language, your browser’s local storage holds the login token, your name, the language and your membership. Clearing browser data or logging out removes them. We use no third-party advertising trackers.',
        ],
      },
      {
        heading: '7. Minors',
        paragraphs: ['SteelPort serves businesses and people in the steel trade, not anyone under 18.'],
      },
      {
        heading: '8. Updates and contact',
        paragraphs: [
          'A new version of this policy is published on this page with its date; major changes are announced on the site.',
          'Questions, comments or complaints about this policy or your information: service@steelport.cn.',
        ],
      },
    ],
  },
};
