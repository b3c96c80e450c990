import { Outlet } from 'react-router-dom';
import { AuthFrame } from '@/components/layouts/auth-frame';
import { LegalLinks } from '@/components/layouts/legal-links';
import { Banner } from '@/features/banner/components/banner';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';

/**
 * The frame shared by the sign-in pages. It stays mounted while the user moves between them,
 * so the banner and logo do not flicker; each page renders its own header inside the card.
 */
export function AuthLayout() {
  const config = useStartupConfig().data;
  return (
    <AuthFrame
      appTitle={config?.appTitle}
      banner={<Banner />}
      footer={
        <LegalLinks privacyPolicy={config?.interface.privacyPolicy} termsOfService={config?.interface.termsOfService} />
      }
    >
      <Outlet />
    </AuthFrame>
  );
}
