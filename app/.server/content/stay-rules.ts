// The stay rules as the owner sets them (issue 45) — Configuration's general rules, a
// season's over them, a room's in a season over both — and the one check that a change
// leaves some stay possible: a change at one level is checked with every level it reaches,
// as they would stand after it, so the owner hears « aucun séjour ne serait possible »
// before it is saved, not from guests. The seasons' and rooms' own writers call it too.
import { unsatisfiableReason, UNSATISFIABLE_MESSAGES, mergeRules, type RulesOverride, type StayRules } from '~/lib/stay-rules';
import { db, type Executor } from '../db/client';
import { roomSeasonRules, seasons } from '../db/schema';
import { refuse, type Refusal } from '../rule-refusal';
import { config } from '../environment';
import { roomNamesFr } from './rooms';
import { loadStayRulesSettings, saveStayRulesSettings } from './site-settings';
import type { StayRulesInput } from '~/lib/schemas/stay-rules';

export interface RulesChange {
  general?: StayRules;
  season?: { id: string; rules: RulesOverride };
  room?: { roomId: string; seasonId: string; rules: RulesOverride };
}

/** The refusal naming where no stay would be possible after this change, or null when every level still allows one. */
export async function refuseUnsatisfiableRules(change: RulesChange, executor: Executor = db): Promise<Refusal | null> {
  const general = change.general ?? (await loadStayRulesSettings(executor));
  const seasonRows = await executor
    .select({
      id: seasons.id,
      name: seasons.name,
      minNights: seasons.minStay,
      maxNights: seasons.maxNights,
      arrivalDays: seasons.arrivalDays,
      departureDays: seasons.departureDays,
      minNoticeDays: seasons.minNoticeDays,
    })
    .from(seasons);
  const roomRows = await executor.select().from(roomSeasonRules);
  const failing = (rules: StayRules) => unsatisfiableReason(rules);

  let reason = failing(general);
  if (reason) return refuse(UNSATISFIABLE_MESSAGES[reason]);
  const seasonRules = new Map(seasonRows.map(({ id, name: _name, ...rules }) => [id, rules as RulesOverride]));
  if (change.season) seasonRules.set(change.season.id, change.season.rules);
  for (const season of seasonRows) {
    reason = failing(mergeRules(general, seasonRules.get(season.id)));
    if (reason) return refuse(`En « ${season.name} » : ${lowerFirst(UNSATISFIABLE_MESSAGES[reason])}`);
  }
  const rooms = roomRows.map(({ roomId, seasonId, minNights, maxNights, arrivalDays, departureDays, minNoticeDays }) => ({
    roomId,
    seasonId,
    rules: { minNights, maxNights, arrivalDays, departureDays, minNoticeDays } as RulesOverride,
  }));
  if (change.room) {
    const { roomId, seasonId } = change.room;
    const at = rooms.findIndex((r) => r.roomId === roomId && r.seasonId === seasonId);
    if (at >= 0) rooms[at] = change.room;
    else rooms.push(change.room);
  }
  const names = rooms.length ? await roomNamesFr() : new Map<string, string>();
  for (const room of rooms) {
    reason = failing(mergeRules(general, seasonRules.get(room.seasonId), room.rules));
    if (reason) {
      const season = seasonRows.find((s) => s.id === room.seasonId)?.name ?? 'cette saison';
      return refuse(`Pour « ${names.get(room.roomId) ?? 'cette chambre'} » en « ${season} » : ${lowerFirst(UNSATISFIABLE_MESSAGES[reason])}`);
    }
  }
  return null;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Configuration → Règles de séjour: saved when every season and room still allows some stay under them. */
export async function saveGeneralStayRules(input: StayRulesInput): Promise<true | Refusal> {
  const { BOOKING_MAX_NIGHTS, BOOKING_HORIZON_DAYS } = config();
  const general = { ...input, maxNights: input.maxNights ?? BOOKING_MAX_NIGHTS, horizonDays: input.horizonDays ?? BOOKING_HORIZON_DAYS };
  if (general.minNights > general.maxNights) {
    return refuse(`Le minimum de nuits dépasse le maximum (${general.maxNights} nuits par défaut) : indiquez un maximum`, {
      fieldErrors: { maxNights: ['Indiquez un maximum au moins égal au minimum'] },
    });
  }
  const refusal = await refuseUnsatisfiableRules({ general });
  if (refusal) return refusal;
  await saveStayRulesSettings(input);
  return true;
}
