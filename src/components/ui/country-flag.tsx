import { countryName, flagEmoji } from '@/lib/server-locations';

/**
 * A country's flag with its name in the reader's language. The emoji is decorative: the name is
 * always there as text, so the flag never carries meaning alone (systems without flag emoji show
 * two letters, which the name still explains).
 */
export function CountryFlag({
  countryCode,
  locale,
  showName = true,
  className = '',
}: {
  countryCode: string;
  locale: string;
  showName?: boolean;
  className?: string;
}) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <span aria-hidden="true" className="text-xl leading-none">
        {flagEmoji(countryCode)}
      </span>
      {showName ? <span>{countryName(countryCode, locale)}</span> : null}
    </span>
  );
}
