/** The console's entry: the session gate, the navigation and the pages (each loaded on demand). */
import { render } from 'preact';
import { lazy, LocationProvider, Route, Router } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, ok, onSessionEnded, ProblemError, problemOf, useCsrfToken, type ApiProblem, type Schemas } from './api.js';
import { CONSOLE_NAME, FollowNavigation } from './components/follow-navigation.js';
import { ProblemNotice } from './components/problem.js';
import { Loading } from './components/states.js';
import { SessionContext } from './session.js';
import { ResetPassword } from './pages/reset-password.js';
import { OidcCode } from './pages/oidc-code.js';
import { RETURN_KEY, SignIn } from './pages/sign-in.js';
import './style.css';

const Overview = lazy(() => import('./pages/overview.js'));
const Partners = lazy(() => import('./pages/partners.js'));
const PartnerPage = lazy(() => import('./pages/partner.js'));
const Catalog = lazy(() => import('./pages/catalog.js'));
const Audit = lazy(() => import('./pages/audit.js'));
const Operators = lazy(() => import('./pages/operators.js'));
const Account = lazy(() => import('./pages/account.js'));

type Session = Schemas['Session'];
type OidcAnswer = { code: string; state: string; iss?: string };
type Gate = { state: 'checking' } | { state: 'signed-out'; ended?: boolean } | { state: 'resetting' } | { state: 'oidc-code'; answer: OidcAnswer } | { state: 'signed-in'; session: Session } | { state: 'problem'; problem: ApiProblem };

function App() {
  // A reset link opens the console at /reset-password: no session needed, none checked.
  const [gate, setGate] = useState<Gate>({ state: location.pathname === '/reset-password' ? 'resetting' : 'checking' });
  const signedIn = (session: Session) => {
    useCsrfToken(session.csrf_token);
    setGate({ state: 'signed-in', session });
  };
  async function check() {
    const { data, error, response } = await api.GET('/api/studio/session').catch((e: unknown) => {
      throw new ProblemError(problemOf(e));
    });
    if (data) signedIn(data);
    else if (response.status === 401) setGate({ state: 'signed-out' });
    else setGate({ state: 'problem', problem: problemOf(new ProblemError({ title: 'Could not read the session', detail: JSON.stringify(error), status: response.status })) });
  }
  useEffect(() => {
    if (gate.state === 'resetting') return;
    // A session that ends under a page (expiry, idle, operator disabled, ended elsewhere) brings back
    // the sign-in form, the address kept, so signing in returns there.
    onSessionEnded(() => {
      useCsrfToken(undefined);
      setGate((now) => (now.state === 'signed-in' ? { state: 'signed-out', ended: true } : now));
    });
    // Back from the identity provider: trade its code and state for a session, then drop them from the address.
    const back = new URLSearchParams(location.search);
    const code = back.get('code');
    const state = back.get('state');
    const iss = back.get('iss');
    if (code && state) {
      // Where the operator was when it left for the identity provider (sign-in.tsx), else where it came back.
      const was = sessionStorage.getItem(RETURN_KEY);
      sessionStorage.removeItem(RETURN_KEY);
      history.replaceState(null, '', was?.startsWith('/') && !was.startsWith('//') ? was : location.pathname);
      const answer: OidcAnswer = { code, state, ...(iss ? { iss } : {}) };
      ok(api.POST('/api/studio/session/oidc', { body: answer })).then(signedIn, (e: unknown) => {
        const problem = problemOf(e);
        // The provider vouched; an operator with a second factor still owes its code.
        setGate(problem.code === 'mfa_required' ? { state: 'oidc-code', answer } : { state: 'problem', problem });
      });
      return;
    }
    check().catch((e: unknown) => setGate({ state: 'problem', problem: problemOf(e) }));
  }, []);

  if (gate.state === 'resetting') return <ResetPassword onDone={() => setGate({ state: 'signed-out' })} />;
  if (gate.state === 'oidc-code') return <OidcCode answer={gate.answer} onSignedIn={signedIn} onRestart={() => setGate({ state: 'signed-out' })} />;
  if (gate.state === 'checking') return <Loading what="the console" />;
  if (gate.state === 'problem') return <main><ProblemNotice problem={gate.problem} onRetry={() => location.reload()} /></main>;
  if (gate.state === 'signed-out') document.title = `Sign in · ${CONSOLE_NAME}`;
  if (gate.state === 'signed-out') return <SignIn ended={gate.ended} onSignedIn={signedIn} />;

  const operator = gate.session.operator;
  const mfaEnrolmentRequired = gate.session.mfa_enrolment_required === true;
  function ended() {
    useCsrfToken(undefined);
    setGate({ state: 'signed-out' });
  }
  async function signOut() {
    await api.DELETE('/api/studio/session');
    ended();
  }
  const refresh = () => void check().catch((e: unknown) => setGate({ state: 'problem', problem: problemOf(e) }));
  return (
    <SessionContext.Provider value={{ operator, mfaEnrolmentRequired, signOut, refresh, ended }}>
      <LocationProvider>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <span class="brand">Halcyon Studios · Partner console</span>
          <nav aria-label="Console">
            <a href="/">Overview</a>
            <a href="/partners">Partners</a>
            <a href="/catalog">Catalog</a>
            <a href="/audit">Audit</a>
            {operator.role === 'owner' ? <a href="/operators">Operators</a> : null}
            <a href="/account">Account</a>
          </nav>
          <span class="who">
            {operator.email} ({operator.role})
            <button type="button" onClick={signOut}>Sign out</button>
          </span>
        </header>
        <FollowNavigation />
        <main id="main">
          {/* Until an owner who must enrol a second factor has, the account page is the only one. */}
          {mfaEnrolmentRequired ? (
            <Router>
              <Route path="/account" component={Account} />
              <Route default component={Account} />
            </Router>
          ) : (
          <Router>
            <Route path="/account" component={Account} />
            <Route path="/" component={Overview} />
            <Route path="/partners" component={Partners} />
            <Route path="/partners/:id" component={PartnerPage} />
            <Route path="/catalog" component={Catalog} />
            <Route path="/audit" component={Audit} />
            <Route path="/operators" component={Operators} />
            <Route default component={() => <p>No such page. <a href="/">Back to the overview</a>.</p>} />
          </Router>
          )}
        </main>
      </LocationProvider>
    </SessionContext.Provider>
  );
}

render(<App />, document.getElementById('app')!);
