import { LegalDocument } from '../../components/LegalDocument.tsx';

/** /privacy: 《隐私政策》, linked from registration and the footer. */
export function PrivacyPage() {
  return <LegalDocument name="privacy" />;
}
