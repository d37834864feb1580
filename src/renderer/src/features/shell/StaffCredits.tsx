// Staff credits (SPEC §2): the contributors scroll up at 200 px per second, opened by the Konami code;
// Escape, a click or the end of the list closes them. The mirror-mode sequence mirrors the app.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDITS_SCROLL_PX_PER_SECOND, type ContributorSection } from '../../../../shared/staff-types';
import { getStaffCredits } from './api';
import { KONAMI, MIRROR, useKeySequence } from './key-sequence';

function CreditsRoll({ contributors, onClose }: { contributors: ContributorSection[]; onClose: () => void }) {
  const { t } = useTranslation();
  const roll = useRef<HTMLDivElement>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    // From just below the screen to just above it: the roll's height plus the window's.
    const distance = (roll.current?.offsetHeight ?? 0) + window.innerHeight;
    // The roll's height is known once it is in the DOM.
    setSeconds(distance / CREDITS_SCROLL_PX_PER_SECOND);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className="staff-credits"
      role="dialog"
      aria-modal="true"
      aria-label={t('credits.title')}
      onClick={onClose}
    >
      <div
        ref={roll}
        className="staff-credits-roll"
        data-seconds={seconds ?? undefined}
        // The animation starts once its duration is known (a 0 s animation would end, and close, at once).
        style={
          seconds === null
            ? { visibility: 'hidden' }
            : { animationName: 'staff-credits-rise', animationDuration: `${seconds}s` }
        }
        onAnimationEnd={onClose}
      >
        {contributors.map((section) => (
          <section key={section.sectionName}>
            <h2>{section.sectionName}</h2>
            {section.memberGroups.map((group, i) => (
              <ul key={i}>
                {group.members.map((member) => (
                  <li key={member.name}>
                    {member.position && <span className="staff-position">{member.position}</span>}
                    <span className="staff-name">{member.name}</span>
                  </li>
                ))}
              </ul>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

export function EasterEggs() {
  const [contributors, setContributors] = useState<ContributorSection[] | null>(null);
  const openCredits = useCallback(() => {
    getStaffCredits().then(
      (contributors) => setContributors(contributors),
      () => undefined, // nothing to show: the credits are a treat, not a feature anyone waits on
    );
  }, []);
  const mirror = useCallback(() => document.body.classList.toggle('mirror'), []);
  useKeySequence(KONAMI, openCredits);
  useKeySequence(MIRROR, mirror);
  const close = useCallback(() => setContributors(null), []);
  return contributors ? <CreditsRoll contributors={contributors} onClose={close} /> : null;
}
