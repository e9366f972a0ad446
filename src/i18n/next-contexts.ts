// Next.js's own React contexts, which it exports only from modules under next/dist (not part of
// its public API):
// - AppRouterContext: the router next/link uses. Reading the context, unlike useRouter(), gives
//   null outside Next's app router (a unit test's renderToString) instead of throwing, so the
//   site's Link (link.tsx) prefetches on intent and still renders anywhere.
// - PathParamsContext and NavigationPromisesContext: what useParams() reads. LocaleScope
//   (src/components/layout/locale-scope.tsx) sets the `locale` parameter in them for the
//   not-found page, which Next renders outside [locale].
// A Next release may move these modules: this is the only file that names them, so an upgrade
// that moves them breaks here and nowhere else.
export { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
export {
  NavigationPromisesContext,
  PathParamsContext,
} from 'next/dist/shared/lib/hooks-client-context.shared-runtime';
