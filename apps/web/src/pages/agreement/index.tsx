import { LegalDocument } from '../../components/LegalDocument.tsx';

/** /agreement: 《用户服务协议》, linked from registration and the footer. */
export function AgreementPage() {
  return <LegalDocument name="agreement" />;
}
