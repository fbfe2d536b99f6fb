import type { CoachDomain } from '#contracts/coach.ts';
import { normalizeGoalText } from './parse.ts';

/**
 * A keyword and phrase classifier for the four coaching domains. Phrases weigh more than single
 * words because they carry intent ("lose weight" is health, "weight" alone could be anything).
 * Every rule is a plain list so a wrong answer can be explained and fixed by adding a phrase.
 */

type Cue = readonly [pattern: RegExp, weight: number];

const CUES: Record<CoachDomain, readonly Cue[]> = {
  health: [
    [
      /\b(lose|losing|drop|shed|gain|put on) (some |a little |a bit of |the |\d+(\.\d+)? ?)?(weight|fat|belly|kg|kgs|kilos?|pounds|lbs?|stone)\b/,
      4,
    ],
    [/\b(weight loss|body fat|bmi|blood pressure|cholesterol|blood sugar|diabetes)\b/, 4],
    // "get my weight down from 92kg": a body weight brought down or under a number.
    [/\b(?:my )?(?:weight|waist) (?:down|under|below)\b/, 4],
    [/\b(marathon|half[- ]marathon|\d+ ?k run|5k|10k|triathlon|ultra)\b/, 4],
    // Organised rides and races by their own names ("a 100 mile sportive", "a gran fondo").
    [
      /\b(sportive|gran fondo|century ride|duathlon|ironman|parkrun|fun run|tough mudder|hyrox|spartan race|obstacle race|\d+ ?(?:mile|km) ride)\b/,
      4,
    ],
    [
      /\b(run(?!\s+(?:my|a|the|our)\s+(?:own\s+)?(?:business|company|team|shop|store))|running|jog|jogging|swim|swimming|cycle|cycling|bike ride|hike|hiking|walk|walking|steps)\b/,
      2,
    ],
    [
      /\b(gym|workouts?|work out|exercise|exercising|training|strength|lift|lifting|weights|deadlift\w*|squat\w*|bench press|bench(?:ing)?(?= \d)|push[- ]?ups?|pull[- ]?ups?|sit[- ]?ups?|plank|yoga|pilates|stretch\w*|mobility|flexib\w*|touch (?:my )?toes|splits|cardio|crossfit)\b/,
      2,
    ],
    [
      /\b(fit|fitter|fitness|in shape|healthy|healthier|health|energy|energetic|stamina|endurance|muscle|muscles|toned|physique)\b/,
      2,
    ],
    [
      /\b(diet|eat|eating|meals?|calories|protein|vegetables|veggies|fruit|sugar|junk food|snacking|cook healthy|water|hydrat\w*|fasting)\b/,
      2,
    ],
    [
      /\b(sleep|sleeping|asleep|bedtime|insomnia|rest(?! of)|nap)\b|\b(?:in|to) bed (?:by|at|before)\b/,
      2,
    ],
    [
      /\b(climb|climbing|bouldering|trek|trekking|kilimanjaro|mountain|summit|ski|skiing|surf|surfing|tennis|football|soccer|basketball|golf|rugby|hockey|netball|cricket|badminton|squash|volleyball|(?:5|five|7|seven)-a-side|dance|dancing|martial arts|karate|judo|boxing|rowing|camino|trail)\b/,
      2,
    ],
    [
      /\b(smoking|cigarettes|vaping|vape|alcohol|drink|drinking|drinks|pints|units (?:a|per|each) week|sober|booze|caffeine|coffees?|energy drinks?)\b/,
      3,
    ],
    // Everyday names for tobacco and drink, and a stretch without it ("off the smokes", "no
    // grog", "dry till Easter").
    [
      /\b(smokes|ciggies|cigs|fags|durries|nicotine|grog|bevvies|(?:stay|go|be|being|staying) dry|dry (?:till|until|for|january|july)|off the (?:drink|booze|smokes))\b|^dry\b/,
      4,
    ],
    // A practice taken up for a health condition ("meditate … to help with my anxiety").
    [
      /\b(?:help|helps|deal|cope|manage) with (?:my |the )?(?:anxiety|stress|depression|panic|insomnia|pain|back pain|blood pressure)\b/,
      4,
    ],
    [
      /\b(stress|anxiety|anxious|burnout|mental health|therapy|therapist|doctor|physio|back pain|injury)\b/,
      2,
    ],
    // A health condition or its treatment framing the goal ("type 2 diabetic on metformin … be
    // off my meds", "back on the bike after my hip replacement").
    [
      /\b(diabetic|diabet\w*|prediabet\w*|metformin|insulin|meds|medication|medications|blood thinners|statins|(?:hip|knee|joint|shoulder) replacement|(?:heart|knee|hip|back|shoulder) surgery|cardiac|heart attack|stroke|chemo\w*|rehab|postnatal|postpartum|pregnan\w*|arthritis|asthma|copd|low[- ]carb|keto|carbs)\b/,
      4,
    ],
    // A ride by its distance ("ride 50 km", "cycle 100 miles"), the bike itself.
    [
      /\b(?:ride|riding|cycle|cycling|bike|biking) (?:\d+(?:\.\d+)? ?(?:km|k|kms|miles?|mi)\b)|\b(?:on|back on|get on) (?:the|my) (?:bike|road bike|mountain bike)\b|\bbiking\b/,
      3,
    ],
  ],
  career: [
    [
      /\b(get|land|find|secure|start) (a |my )?(new |first |better |dream )?(job|role|position|internship)\b/,
      4,
    ],
    // "become a data scientist", "retrain as a nurse": a job title is a career goal.
    [
      /\b(?:become|work as|job as|career as|retrain as|qualify as)\s+an?\s+(?:(?!better|good|great|more)[a-z]+\s+)?(?:scientist|engineer|developer|designer|analyst|manager|nurse|teacher|doctor|lawyer|solicitor|barrister|accountant|architect|consultant|practitioner|programmer|editor|electrician|plumber|pilot|paramedic|therapist|counsell?or|chef|midwife|pharmacist|surveyor|technician)\b/,
      4,
    ],
    [
      /\b(promotion|promoted|raise|salary|pay rise|performance review|negotiat\w* [^.;]{0,40}?\b(?:offer|salary|pay|package|rate))\b/,
      4,
    ],
    // A partner in a firm or practice is a career step, not a relationship.
    [
      /\b(?:partner|associate) (?:at|in) (?:my |a |an |the )?(?:[a-z]+ )?(?:firm|practice|company|agency|chambers)\b/,
      6,
    ],
    [/\b(?:side (?:business|hustle|gig)|my (?:own )?business|small business)\b/, 4],
    // An income a month from one's own work, a shop of one's own, a living made from it.
    [/\b(?:make|earn|making|earning) [$€£¥₹]?\d[\d,.]*k? ?(?:a|per|\/) ?month\b/, 4],
    [/\b(?:etsy|shopify|online|my) (?:shop|store)\b/, 3],
    [/\bgo full[- ]time\b|\bquit my (?:day )?job\b|\bmake a living\b/, 4],
    [
      /\b(ceo|cto|cfo|coo|director|vp|vice president|head of \w+|analyst|senior \w+|manager role)\b/,
      3,
    ],
    [
      /\b(job|jobs|career|work|workplace|office|boss|manager|team lead|colleagues?|coworkers?|employer|interview|interviews|resume|cv|linkedin|portfolio)\b/,
      2,
    ],
    [
      /\b(certification|certified|certificate|exam|aws|pmp|cpa|cfa|cipd|acca|cima|aat|nebosh|prince2|chartered|qualification|bar exam|license|licence|degree|mba|bootcamp)\b/,
      3,
    ],
    [
      /\b(business|startup|start-up|company|clients?|customers?|freelanc\w*|consulting|side hustle|revenue|sales|income|earn|profit|launch|product|saas|app|website|podcast|newsletter)\b/,
      2,
    ],
    [
      /\b(coding|code|programming|python|javascript|typescript|sql|excel|data science|machine learning|software|developer|engineer|design|ux|marketing|public speaking|presentation skills|leadership)\b/,
      2,
    ],
    [
      /\b(network|networking|mentor|mentorship|conference|meetups?|keynote|speech|give a talk|talk at)\b/,
      2,
    ],
    [/\b(productive|productivity|deep work|deadline|projects?)\b/, 1],
    // Work a teacher, nurse or manager does ("finish marking the mock papers", "my appraisals").
    [
      /\b(marking|lesson plans?|schemes? of work|report cards|appraisals|timesheets|my (?:students|pupils|caseload|direct reports))\b/,
      3,
    ],
  ],
  relationships: [
    [
      /\b(partner(?! (?:at|in) )|wife|husband|girlfriend|boyfriend|spouse|fianc[eé]e?|marriage|married|relationship|couple|date nights?|(?:get|getting|be) engaged|propose to|marry)\b/,
      3,
    ],
    [
      /\b(friends?|friendships?|mates|pals|besties|catch[- ]ups?|social life|socialise|socialize|lonely|loneliness|community)\b/,
      3,
    ],
    [
      /\b(family|families|mom|mum|mam|mammy|mother|dad|father|parents?|kids|children|son|daughter|siblings?|brother|sister|grandparents?|grandma|grandpa|nani|nana|nanna|dadi|in-laws|cousins?|aunts?|aunties?|uncles?|nieces?|nephews?|relatives|relations|whanau|whānau)\b/,
      3,
    ],
    [/\b(dating|date|dates|single|find (a |someone|love|the one)|tinder|hinge|bumble)\b/, 3],
    [
      /\b(argue|arguing|arguments?|fight|fighting|communicate|communication|listen|listening|conflict|trust|forgive|apologi[sz]e|reconnect|quality time|closer|intimacy|romance|romantic)\b/,
      2,
    ],
    [/\b(call|ring|phone|visit|text|write to|spend time with|hang out)\b/, 1],
    [
      /\b(wedding|honeymoon|anniversary|reunion|surprise party|baby shower|family trip|family holiday)\b/,
      3,
    ],
    // Gathering people close ("a diwali get-together with my cousins", "host a family lunch").
    [
      /\b(get[- ]togethers?|gatherings?|family (?:dinners?|lunch(?:es)?|meals?|party|parties|day)|potluck|dinner party|have (?:everyone|the family) (?:over|round))\b/,
      3,
    ],
  ],
  personal_development: [
    // "book a table", "book the flights": booking is not reading.
    [
      /\b(read|reading|books|novels?|audiobooks?)\b|\bbook\b(?!\s+(?:a|an|the|my|our|in|tickets?|flights?|lunch|dinner|appointments?))/,
      3,
    ],
    [/\b(driving (?:test|lessons?|licen[cs]e)|learn to drive)\b/, 5],
    [/\b(learn|learning|study|studying|course|skill|skills|class|lessons?)\b/, 1],
    // A graded music exam is a hobby's, not a career's.
    [
      /\bgrade \d+ (?:\w+ )?(?:guitar|piano|violin|viola|cello|flute|clarinet|saxophone|trumpet|drums|singing|theory|ballet|dance)\b/,
      4,
    ],
    [
      /\b(spanish|french|german|italian|japanese|mandarin|chinese|korean|portuguese|arabic|russian|hindi|dutch|swedish|greek|language|fluent|fluency|duolingo)\b/,
      3,
    ],
    [
      /\b(guitar|piano|violin|viola|cello|flute|clarinet|saxophone|trumpet|drums|ukulele|sing|singing|instrument|music|paint|painting|draw|drawing|sketch|photography|knit|knitting|pottery|write|writing|novel|journal|journaling|blog|poetry)\b/,
      2,
    ],
    [
      /\b(meditat\w*|mindful\w*|gratitude|habit|habits|routine|discipline|procrastinat\w*|confidence|confident|self-esteem|happier|happy|happiness|purpose|calm|patience|resilien\w*|(?:a )?better person|kinder|nicer person)\b/,
      2,
    ],
    // Learning for its own sake ("a module for fun") is personal, whatever its exam.
    [/\b(?:for fun|as a hobby|just for me)\b/, 6],
    [
      /\b(save|saving|savings|budget|budgeting|debt|loans?|credit cards?|overdraft|pay off|invest|investing|emergency fund|retire|retirement|money|finances|financial|spending|roth|ira|401\(?k\)?|isa|pension|superannuation|index funds?)\b/,
      3,
    ],
    // Making a thing by hand is the activity, whoever it is made for ("finish the quilt … to
    // give it to my mom").
    [/\b(quilt\w*|embroider\w*|cross[- ]stitch\w*|needlepoint|scrapbook\w*)\b/, 4],
    [
      /\b(chess|puzzle|jigsaw|juggl\w*|sew|sewing|woodwork\w*|diy|garden|gardening|grow (?:my own )?\w+|bake|baking|sourdough|crochet|calligraphy|travel|countries|credit score|tax return|motorbike|restore|poems?)\b/,
      2,
    ],
    [
      /\b(screen time|phone|social media|instagram|tiktok|youtube channel|doomscrolling|wake up early|morning routine|declutter|organi[sz]e|hobby|hobbies|volunteer\w*)\b/,
      2,
    ],
  ],
};

/** Order used only to break exact ties, so the answer never depends on object iteration. */
const TIE_ORDER: readonly CoachDomain[] = [
  'health',
  'career',
  'relationships',
  'personal_development',
];

export interface DomainGuess {
  domain: CoachDomain;
  /** 0 when nothing matched (the domain is then a default, not a finding). */
  score: number;
  /** The words that decided it, for explanations and tests. */
  matched: string[];
}

export function classifyDomain(rawText: string, hint?: CoachDomain): DomainGuess {
  const text = normalizeGoalText(rawText);
  const results = TIE_ORDER.map((domain) => {
    let score = 0;
    const matched: string[] = [];
    for (const [pattern, weight] of CUES[domain]) {
      const match = pattern.exec(text);
      if (match) {
        score += weight;
        matched.push(match[0]);
      }
    }
    return { domain, score, matched };
  });
  if (hint) {
    const hinted = results.find((r) => r.domain === hint);
    return { domain: hint, score: hinted?.score ?? 0, matched: hinted?.matched ?? [] };
  }
  let best = results[0] ?? { domain: 'personal_development' as const, score: 0, matched: [] };
  for (const result of results) if (result.score > best.score) best = result;
  if (best.score === 0) return { domain: 'personal_development', score: 0, matched: [] };
  return best;
}
