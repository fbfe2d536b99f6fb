/**
 * The concept layer's names and the concepts written as raw patterns (no doubled backslashes),
 * kept apart from crisis-concepts.ts, which reads them: what each concept is, beside how the
 * rules combine them.
 */

export type Concept =
  | 'SELF'
  | 'DEATH'
  | 'SELF_DEATH'
  | 'WISH'
  | 'TRAPPED'
  | 'BURDEN'
  | 'GOODBYE'
  | 'MEANS'
  | 'MEDS'
  | 'QUANTITY'
  | 'AMOUNT_QUESTION'
  | 'TAKE'
  | 'SH_ACT'
  | 'BODY'
  | 'SH_MOTIVE'
  | 'FOOD'
  | 'RESTRICT'
  | 'PURGE'
  | 'BODY_HATE'
  | 'FOOD_GUILT'
  | 'DURATION'
  | 'KIN'
  | 'FEAR'
  | 'CONTROL'
  | 'HURT_ME'
  | 'THREAT'
  | 'SEXUAL'
  | 'CHILD'
  | 'NEGLECT'
  | 'SYMPTOM'
  | 'WEAK_SYMPTOM'
  | 'I_VIOLENT'
  | 'ACUTE'
  | 'INGEST_DANGER'
  | 'WANT_TAKE_LOTS'
  | 'WISH_DEATH'
  | 'LIFE_NEGATION'
  | 'FINALITY'
  | 'THANKS_ALL'
  | 'MEANS_PREP'
  | 'PLAN'
  | 'WISH_END'
  | 'PERMANENT'
  | 'METHOD'
  | 'METHOD_ACT'
  | 'EDGE'
  | 'VIOLENCE'
  | 'TARGET'
  | 'WEAPON'
  | 'INTENT'
  | 'ANGER'
  | 'FUTURE_ABSENCE'
  | 'LAST_CONTACT'
  | 'DECIDED'
  | 'ENOUGH_Q'
  | 'HEIGHT_SEARCH'
  | 'INJURY'
  | 'ON_PURPOSE'
  | 'SH_GERUND'
  | 'WOUND_CARE'
  | 'COMPENSATE'
  | 'LOW_WEIGHT'
  | 'VULNERABLE'
  | 'ESCAPE'
  | 'TOUCH_ABUSE'
  | 'SEX_COERCION'
  | 'INGEST_ERROR'
  | 'GRIEVANCE'
  | 'STALK'
  | 'SELF_FEAR'
  | 'SMOTHER'
  | 'OTHER_DOOM'
  | 'MEAN_IT'
  | 'JOKE'
  | 'GIVE_AWAY'
  | 'SETTLING'
  | 'LOOSE_ENDS'
  | 'DONE'
  | 'SH_KIT'
  | 'MEAL_RESTRICT'
  | 'ED_SIGNS'
  | 'THIN_PRIDE'
  | 'FOOD_CONCEAL'
  | 'ROUTINE_FAST'
  | 'POISON_OTHER'
  | 'PAY_THREAT'
  | 'WEAPON_BRING'
  | 'REVENGE'
  | 'SH_HIDE'
  | 'SH_RELAPSE'
  | 'FAST_DAYS'
  | 'WEIGHT_PROGRESS'
  | 'WEIGH_IN_TRICK'
  | 'DOSE_COUNT'
  | 'HYPO'
  | 'INJURY_EXCUSE'
  | 'GROOM_SECRET'
  | 'COVER_STORY'
  | 'REAL_CAUSE'
  | 'GET_ME_ALONE'
  | 'MINOR_GAP'
  | 'MINOR'
  | 'EASY'
  | 'SH_EVIDENCE'
  | 'CONCEAL'
  | 'SH_SUPPLIES'
  | 'ROUTINE_REPEAT'
  | 'RELIEF_ONLY'
  | 'PAIN_FELT'
  | 'STREAK_BROKEN'
  | 'SELF_INFLICTED_MARK'
  | 'FOR_A_FRIEND'
  | 'SH_TOOLS_OWN'
  | 'SH_BLADE_AGAIN'
  | 'LOW_CAL'
  | 'HUNGER_SUPPRESS'
  | 'SAFE_FOODS'
  | 'PURGE_OUT'
  | 'LONG_FAST'
  | 'STARVE_LIMIT'
  | 'GOAL_WEIGHT'
  | 'BINGE'
  | 'UNDO_IT'
  | 'WEIGHT_CONCEAL'
  | 'AVOID_HOME'
  | 'INJURY_BEFORE'
  | 'CHILD_INGEST'
  | 'COVER_UP_HARM'
  | 'AFTER_IT'
  | 'HANDOVER'
  | 'BLAMELESS'
  | 'WILL_SORT'
  | 'NO_NEED_AFTER'
  | 'ARSON'
  | 'PET_HARM'
  | 'INFAMY'
  | 'ATTACK_PREP'
  | 'LETHAL_Q'
  | 'STOCKPILE'
  | 'INSURED_DEATH'
  | 'SELF_MADE'
  | 'URGE_NOW'
  | 'KIT_OUT'
  | 'FIN_ABUSE'
  | 'APPEASE'
  | 'HEAD_BLOW'
  | 'CARDIAC'
  | 'INFECTED'
  | 'OTHER_GONE'
  | 'ACCESS_TO'
  | 'VEHICLE_HARM'
  | 'FUEL_HELD'
  | 'RECKONING'
  | 'WHEREABOUTS'
  | 'CORROSIVE'
  | 'DISAPPEAR_OTHER'
  | 'DIG'
  | 'HARM_NEVER_AGAIN'
  | 'UNNOTICED_END'
  | 'HARM_HOW_Q'
  | 'MEANS_READY'
  | 'SABOTAGE'
  | 'POISON_PLAN'
  | 'BOUGHT_IT'
  | 'AVOID_QUESTIONS'
  | 'SH_SIGHT'
  | 'SKIN_RECORD'
  | 'BURN_SELF'
  | 'HEAD_NOISE'
  | 'HEAT_COVER'
  | 'KNOW_WHY'
  | 'RELAPSE_MARK'
  | 'SH_GOAL'
  | 'SH_BLADE'
  | 'BANDAGE_NEED'
  | 'INCIDENT_COUNT'
  | 'STICK_EXCUSE'
  | 'DIET_GOAL'
  | 'NOTHING_DAYS'
  | 'BATHROOM_AFTER'
  | 'SLIP_EAT'
  | 'INSULIN_OMIT'
  | 'NEAR_GOAL'
  | 'BODY_WARN'
  | 'NEVER_EAT'
  | 'ONE_ITEM_DAY'
  | 'SAFE_LIST'
  | 'CHECKIN_DEMAND'
  | 'SCARY_MOOD'
  | 'HIDE_FROM_PARTNER'
  | 'CHILD_MARKS'
  | 'CHILD_SILENT'
  | 'RECEIPT_CHECK'
  | 'MONEY_DOLE'
  | 'SECRET_KEEPING'
  | 'SPECIAL_GAME'
  | 'ADULT_CONTACT'
  | 'LEAVE_SAFELY'
  | 'ESCALATING'
  | 'MEDS_MISSING'
  | 'MENINGITIS_SIGN'
  | 'LONG_LIE'
  | 'ARTERIAL'
  | 'WAY_OUT_FOUND'
  | 'NOTHING_MATTERS_SOON'
  | 'CALM_DECISION'
  | 'APOLOGY_BURDEN'
  | 'SURVEIL'
  | 'BARE_DONE'
  | 'LINGER_DROP'
  | 'EARN_FOOD'
  | 'WANT_STOP_ALL'
  | 'POINTLESS_END'
  | 'DEBTS_CLEARED'
  | 'PET_REHOMED'
  | 'DAY_SET'
  | 'GUN_READIED'
  | 'PLACE_PICKED'
  | 'VOW_HARM'
  | 'WEAPON_AT_HAND'
  | 'FOLLOW_LOSS';

/** More concepts, written as raw patterns (no doubled backslashes). */
export const MORE_CONCEPTS: ReadonlyArray<readonly [Concept, string]> = [
  // a future without oneself in it
  [
    'FUTURE_ABSENCE',
    String.raw`\b(?:(?:do not|not|never) (?:plan|expect|intend|think i will|going|see myself|imagine myself) (?:to )?(?:be |being |still )?(?:around|here|alive|living)(?: (?:that long|much longer|for long|long|by|next|in|at))?|with me in it|without me in it|no (?:version of )?(?:next year|the future|a future|tomorrow)(?: \w+){0,3} (?:with|for) me|not be around (?:that|much|for) long|(?:will not|not going to|never) (?:see|make it to) (?:next|another|my next) (?:year|christmas|birthday|summer|spring)|(?:see|picture) myself (?:in \w+ years )?(?:\w+ )?nowhere|(?:cannot|can not|do not) (?:imagine|see|picture) (?:myself )?(?:still )?(?:being )?(?:alive|here|around)|answer (?:is )?nowhere|this (?:is|will be) my last (?:christmas|birthday|summer|week|day|night)(?! (?:at|in|of|before|as|with|on|working|here|off))|(?:stopped|stop|no point|not) (?:in )?making (?:any )?plans (?:past|after|beyond) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tonight|tomorrow|the weekend|this week|next week|the \d+\w*))\b`,
  ],
  [
    'LAST_CONTACT',
    String.raw`\b(?:(?:just )?want(?:ed)? (?:to tell|someone to know|to let (?:someone|you) know)|tell (?:someone|somebody|you) before|before (?:saturday|sunday|monday|tuesday|wednesday|thursday|friday|tonight|tomorrow|the weekend|the end of the (?:week|month))|after the \d+(?:st|nd|rd|th)?\b.{0,30}\b(?:nothing|no need|not need)|nothing else (?:i )?need to plan|nothing (?:planned|booked|in my diary) (?:after|past|beyond) (?:the \d+\w*|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b`,
  ],
  [
    'DECIDED',
    String.raw`\b(?:make it official|feels right|already made (?:mine|my (?:plan|plans|decision|choice))|made up my mind|my mind is made up|i have decided|decision is made|i am ready now|i am at peace with (?:it|my decision)|calm for the first time|feel calm now that)\b`,
  ],
  [
    'ENOUGH_Q',
    String.raw`\b(?:would (?:it|that|they|this) be (?:enough|quick|painless|instant|fast)|(?:that is|is that|would that be|that would be) enough|(?:does|would|will|do) (?:\w+ )?(?:actually |really )?work if|is (?:it|that|this) enough|be enough to|enough to (?:kill|not wake|do it|end|stop)|would (?:it|that) (?:kill|do it|work))\b`,
  ],
  [
    'HEIGHT_SEARCH',
    String.raw`\b(?:(?:highest|tallest|biggest) (?:bridge|building|car park|cliff|tower|roof|drop|point)|survive the (?:drop|fall|jump|impact)|nobody could survive|no one could survive|(?:drop|fall) (?:is|would be) (?:high|far|enough)|roof access|get (?:onto|on to) the roof)\b`,
  ],
  // self-injury
  [
    'INJURY',
    String.raw`\b(?:cut|cuts|cutting|wound|wounds|stitches|burns|burn marks|scars|scar|bruises|gash|bleeding|blood|marks|a mess)\b`,
  ],
  [
    'ON_PURPOSE',
    String.raw`\b(?:on purpose|deliberately|purposely|intentionally|did it (?:again|myself)|what i do to (?:myself|them|my (?:\w+ )?(?:arms|legs|body|skin|thighs|wrists))|do it to myself|i did (?:it|this|that) to myself)\b`,
  ],
  [
    'SH_GERUND',
    String.raw`\b(?:cutting|burning|scratching|carving)\b(?! (?:my hair|hair|the grass|grass|vegetables|onions|wood|fabric|costs|back|down|out|corners|carbs|sugar|ties|class|it close))`,
  ],
  [
    'WOUND_CARE',
    String.raw`\b(?:heal|heals|healing|healed|stitches|scar|scars|scarring|infected|infection|same spot|same place|fresh|deep|a and e|a e|hospital|hide|hiding|cover|covering|nobody (?:sees|notices|asks)|anyone asking)\b`,
  ],
  // eating: food paid for with exercise or purging; a dangerous weight target
  [
    'COMPENSATE',
    String.raw`\b(?:if i (?:eat|ate|have eaten|have)\b.{0,50}\b(?:have to|must|need to|make myself|then i|i do)\b|(?:burn|work|run|exercise) (?:it |them |that |this )?off|to (?:burn|work off|make up for|cancel out|undo) (?:the |a |that |what i |every )?(?:\w+ ){0,3}(?:i (?:ate|had)|cake|calories|food|meal|slice|biscuit|dinner|lunch|snack|treat)|(?:still )?not enough\b.{0,40}\b(?:again|more|another)|even though (?:my )?\w+ (?:hurts|is injured|is sore))\b`,
  ],
  // abuse
  [
    'VULNERABLE',
    String.raw`\b(?:child|children|kid|kids|baby|babies|toddler|little (?:brother|sister|boy|girl|one|ones)|youngest|nephew|niece|\d+ (?:year|yr) old|nan|nana|gran|granny|grandma|grandmother|grandad|grandpa|grandfather|elderly|disabled|(?:she|he) is (?:[6-9]\d|1\d\d)\b|aged (?:[6-9]\d|1\d\d))\b`,
  ],
  [
    'ESCAPE',
    String.raw`\b(?:(?:save|saving|hide|hiding|stash|put) (?:\w+ ){0,3}(?:secretly|in secret|without (?:him|her|them) knowing)|so i can (?:leave|escape|get away|get out)|(?:leave|escape|get away from|get out from) (?:him|her|my (?:husband|partner|wife|boyfriend|girlfriend|dad|father|stepdad|mum|mother)) (?:safely|without)|escape plan|safe house|refuge)\b`,
  ],
  [
    'TOUCH_ABUSE',
    String.raw`\b(?:makes? me do (?:stuff|things) (?:with|to|for) (?:him|her|them)|touch(?:es|ed|ing)? (?:me|him|her|them|my|his|her) (?:\w+ ){0,3}(?:in places|where|private|down there|under|at night|when (?:i|she|he|they) (?:am|is|are|stay|sleep)|when no one)|touch(?:es|ed|ing)? (?:me|him|her|them) (?:and|but)\b.{0,30}\b(?:does not like|do not like|scared|secret|uncomfortable|cry|cries)|in places (?:she|he|i|they) (?:does not|do not|did not) like)\b`,
  ],
  [
    'SEX_COERCION',
    String.raw`\b(?:(?:forced|pressured|made|coerced|pushed) (?:me |him |her )?(?:to|into) (?:have )?(?:sex|sleep with|sexual|do sexual)|(?:was|been|being|got|get|am) (?:\w+ )?(?:forced|pressured|coerced) (?:to|into) (?:have )?(?:sex|sleep|sexual)|(?:sex|sexual)\b.{0,40}\b(?:said no|say no|did not want|do not want|without (?:my )?consent|when i was asleep|while i was asleep)|(?:said|say|saying) no\b.{0,40}\b(?:sex|anyway|still did|kept going|did not stop|does not stop)|(?:he|she|they) (?:does not|did not|do not|never|will not|would not) stop (?:even )?when i (?:say|said|tell (?:him|her|them)|told (?:him|her|them)) (?:no|stop|to stop)|if i (?:really )?loved? (?:him|her|them) i would (?:do|let|have|sleep|send))\b`,
  ],
  // medical
  [
    'INGEST_ERROR',
    String.raw`\b(?:took|taken|swallowed|had|given|gave|drank|ate)\b.{0,40}\b(?:twice|double|by mistake|accidentally|the wrong|extra|someone else s|(?:wife|husband|mum|dad|partner|friend|mums|dads|wifes|husbands|partners|friends) (?:\w+ )?(?:pills|meds|tablets|medication|medicine)|too many|too much)\b|\b(?:drank|swallowed|ate|eaten|drunk|got into|chewed|licked)\b.{0,30}\b(?:(?:dishwasher|laundry|washing|washing up|cleaning|toilet|oven|drain|floor|bathroom|window|car|vape|e cig|e cigarette|nicotine)\s(?:\w+ )?(?:liquid|detergent|tablets?|pods?|capsules?|cleaner|fluid|powder|product|spray|gel|salt|juice|refill)|under the sink|bleach|antifreeze|button batter\w*|magnets?|weed ?killer|slug pellets|rat poison|poison)\b`,
  ],
  // harm to others
  [
    'GRIEVANCE',
    String.raw`\b(?:regret\w*|fired me|sacked me|what (?:he|she|they) did|what (?:he|she|they) have done|bullied me|bully me|laughed at me|humiliated me|(?:get|getting|got) what (?:is|s) coming|had it coming|what (?:he|she|they) deserves?|pay for (?:it|this|what)|deserve (?:it|what is coming)|make (?:\w+ )?pay|making (?:\w+ )?pay|names of (?:everyone|everybody|the people|all)|list of (?:names|people|everyone|everybody|all)|(?:has |is |have )?wronged me|humiliat\w* me|(?:he|she|they|my \w+) deserves? (?:it|this|what)|(?:who|that) (?:hurt|hit|attacked|beat up|raped|abused|bullied|killed) my|(?:keeps|kept|always|constantly) (?:\w+ )?(?:taking credit|stealing|nicking|undermining|humiliating|belittling|mocking|bullying)|thinks? (?:he|she|they) can (?:take|get away|just|park|treat|talk to|speak to|push|walk all over|do whatever|keep)|done being (?:polite|nice|patient|reasonable|the bigger person)|(?:has|have|had) (?:had )?enough of (?:him|her|them|his \w+|her \w+|their \w+|my \w+)|exs? new (?:guy|boyfriend|girlfriend|partner|man|woman|bloke|fella)|learns? (?:his|her|their) lesson|teach (?:\w+ ){1,3}a lesson|(?:made|make|makes|making) my life (?:hell|a (?:living )?hell|a misery|miserable)|(?:the ones|everyone|everybody|those|people|all of them) (?:who|that) (?:made|make|bullied|bully|laughed|laugh|mocked|hurt|ruined|picked on|ignored)|(?:so|until|till) (?:he|she|they) (?:gets?|get) the message|(?:he|she|they) (?:can not|cannot|can t) (?:just )?(?:block|ignore|leave|dump|ghost|cheat on|walk away from|replace) me|when you cheat|(?:cheated|cheating) on me|make (?:\w+ ){0,2}pay(?! (?:attention|for (?:the|their|his|her|my|dinner|lunch|rent|it all)|rent|me|back|up|off|the bill|a visit)))\b`,
  ],
  [
    'STALK',
    String.raw`\b(?:know (?:where|when) (?:he|she|they|my \w+) (?:lives?|works?|goes|is|sleeps?|parks?|chill|chills|hang out|hangs out|hang|drinks|walks|will be)|know (?:his|her|their) (?:schedule|routine|address|movements|shifts)|(?:waited|waiting|sat|sitting|parked|parking|stood|standing) (?:\w+ ){0,2}outside (?:\w+ ){0,4}(?:house|flat|home|work|office|place|school)|(?:followed|following|follow) (?:him|her|them) (?:home|to)|(?:watch|watching|watched|drive past|driving past|drove past|sit outside|sat outside|sitting outside) (?:his|her|their|my \w+ s) (?:new )?(?:place|house|flat|home|work|office|window)|(?:got|found|have|know|tracked down|found out) (?:his|her|their|my \w+ s) (?:new )?(?:address|home address|work address|shift pattern)|(?:writing|wrote|written|noting|noted|logging|logged|keeping track of|tracking|tracked|learning|learned|learnt|memoris\w*|clocked) (?:down )?(?:all )?(?:his|her|their) (?:daily |weekly )?(?:routine|schedule|movements|shifts|timetable|comings and goings)|where (?:he|she|they) parks?|keep(?:ing)? tabs on (?:him|her|them|my \w+)|know which (?:pub|bar|club|gym|street|house|school|office|road|bus|train) (?:he|she|they) (?:drinks?|goes|lives|works|trains|takes|gets)|(?:still )?(?:got|have|has|kept|copied|made) (?:a|the|her|his|their) (?:spare )?key (?:to|for) (?:his|her|their) (?:place|house|flat|home|car)|(?:does not|do not|did not|will not) know i am coming|found out where (?:he|she|they) (?:moved|lives?|works?|is staying|is living)|fake (?:account|profile) to (?:watch|follow|see|check|keep|stalk)|(?:he|she|they|guy|man|woman|boyfriend|girlfriend|partner|ex) (?:lives?|works?) (?:only |just )?(?:\d+|ten|five|two|a few) (?:min|mins|minutes|miles|streets) (?:away|from (?:me|here))|(?:get|getting|got) (?:him|her|them) (?:on (?:his|her|their) own|alone)|where (?:my )?(?:dad|father|mum|mother|he|she) keeps the (?:key|gun|guns|knife|knives))\b`,
  ],
  [
    'SELF_FEAR',
    String.raw`\b(?:(?:scared|afraid|terrified|frightened|worried) of (?:myself|what i (?:will|might|could|would) do)|scare myself|do not trust myself (?:with|around|near)|(?:before|if) i do something (?:i will regret|terrible|bad|stupid) to (?:him|her|them))\b`,
  ],
  [
    'SMOTHER',
    String.raw`\b(?:(?:held|hold|holding|put|putting|pressed|pressing) (?:a |the |my )?(?:pillow|cushion|hand|bag|blanket) (?:\w+ )?over (?:her|his|their|the baby s|the babys) (?:face|mouth|nose|head)|(?:throw|throwing|threw|slam|slamming|drop|dropping) (?:her|him|them|the baby|my baby) (?:against|at|down|into|across|off|on)|(?:shak(?:e|ing|en|ed)|shook) (?:\w+ )?(?:her|him|them|the baby|my baby|my son|my daughter)(?! (?:hand|hands|up|off)))\b`,
  ],
  [
    'OTHER_DOOM',
    String.raw`\b(?:(?:he|she|they|you) (?:will not|would not|is not going to|are not going to|never) (?:live to (?:see|regret)|survive|make it (?:to|out)|see (?:the|her|his|their) next)|(?:he|she|they) (?:will|are going to|is going to) (?:regret|pay for) (?:it|this|the day|what))\b`,
  ],
  [
    'MEAN_IT',
    String.raw`\b(?:i mean (?:that|it)|i meant (?:it|that|every word)|^just saying$|i am not joking|not joking|i am serious|dead serious|yet$|^(?:very )?soon$|^not long now$|^any day now$)\b`,
  ],
  ['JOKE', String.raw`\b(?:haha\w*|lol|lmao|rofl|jk|just kidding|kidding|joking|only joking|xd)\b`],
  // suicide: settling one's life
  [
    'GIVE_AWAY',
    String.raw`\b(?:gave|give|giving|given|handed) (?:away )?(?:all )?(?:of )?my (?:\w+ ){0,3}(?:and (?:all )?my (?:\w+ ){0,3})?(?:to|away)\b`,
  ],
  [
    'SETTLING',
    String.raw`\b(?:sold|selling|closed|closing|deleted|deleting|cancelled|canceled|cancelling|canceling|emptied|emptying|gave away|giving away) (?:all )?(?:of )?my (?:\w+ ){0,2}(?:car|bank|account|accounts|socials|social media|instagram|phone contract|subscriptions|gym membership|savings|stuff|things|flat|games|collection)\b`,
  ],
  [
    'LOOSE_ENDS',
    String.raw`\b(?:loose ends|tie up|tying up|before i go(?! (?:to|on|for|back|out|home|away|in|into|shopping|abroad|travel))|(?:do not|will not|not going to|never) need (?:them|it|any of (?:it|this|them)) (?:any ?more|again)|told (?:everyone|people|them) i am (?:\w+ )?(?:moving|going away|travell?ing)|i am not (?:really )?(?:moving|going away|travell?ing)|feels right|last (?:loose ends|things to do))\b`,
  ],
  [
    'DONE',
    String.raw`\b(?:i am (?:so |just |completely |totally |really )?done(?: done| for good| with (?:everything|it all|life|all of it|this life|trying|living))|after that i am done|i am done$)`,
  ],
  // self-harm: the tools kept ready
  [
    'SH_KIT',
    String.raw`\b(?:(?:blades?|razors?|sharpeners?)\b.{0,40}\b(?:box|drawer|under my bed|hidden|hide|stash|wallet|pencil case|just in case|tin)|(?:box|drawer|stash|tin)\b.{0,40}\b(?:blades?|razors?)|open(?:ing)? (?:up )?my (?:skin|arms?|wrists?|legs?|thighs?)|(?:days|weeks|months) (?:clean|free|without (?:cutting|self harm|opening))|streak\b.{0,30}\b(?:without|clean|urge)|(?:blades?|razors?)\b.{0,40}\bnot (?:for|to) (?:shav\w*|my (?:legs|face|beard)))\b`,
  ],
  // eating
  [
    'MEAL_RESTRICT',
    String.raw`\b(?:skip(?:ping)? (?:breakfast|lunch|dinner|meals?)\b.{0,30}\bskip(?:ping)? (?:breakfast|lunch|dinner|meals?)|(?:only|just) (?:eat|have|had|allowed) (?:a|one|an|half a|half an) (?:rice cake|apple|cracker|banana|yoghurt|yogurt|carrot|coffee|biscuit|piece of fruit|slice)|(?:rice cake|cracker|apple) for (?:dinner|lunch|the day)|ate (?:one|a single|half a|half an) (?:cracker|rice cake|apple|biscuit|carrot|slice of \w+) (?:today|all day|yesterday)|(?:cannot|must not|do not) (?:slip|slip up)|no slip ups|(?:stay|stayed|staying|kept it|keep it|keeping it) under \d{2,3}(?! (?:pounds|lbs|kg|minutes|miles|km))|(?:under|below|less than|max(?:imum)?|no more than) [1-7]\d{2} (?:calories|cals|kcal|a day|per day))\b`,
  ],
  [
    'ED_SIGNS',
    String.raw`\b(?:periods? (?:have |has )?(?:stopped|gone)|(?:my )?hairs? (?:is )?(?:coming|falling) out|(?:freezing|cold) (?:all the time|constantly|every day)|always freezing|lanugo|always (?:so )?cold|(?:friends|everyone|people|family|doctor|mum|mom|parents) (?:say|says|think|thinks|keep saying|keeps saying) i am (?:too )?(?:skinny|thin|underweight)|on my knees in the bathroom|(?:collarbones?|ribs|hip ?bones|spine|cheekbones|shoulder blades) (?:\w+ )?(?:stick|sticks|sticking|poke|pokes|poking) out|(?:look|looks|looking) (?:ill|sick|ill and|like a skeleton)\b.{0,30}\bstill feel (?:huge|fat|enormous|massive|disgusting|gross)|(?:head|face) (?:in|over) the toilet|over the toilet)\b`,
  ],
  [
    'THIN_PRIDE',
    String.raw`\b(?:(?:finally|at least|so|nearly|almost) (?:i am )?(?:thin|skinny|getting (?:thin|skinny|somewhere with my weight))|getting somewhere with my weight|just jealous|hate my body|worth it to be (?:thin|skinny)|(?:so much|even|getting|got|look) thinner(?! by| for| before))\b`,
  ],
  [
    'FOOD_CONCEAL',
    String.raw`\b(?:(?:make|let) (?:my )?\w+ think i am eating|pretend(?:ing)? (?:to eat|i ate|i am eating|i have eaten)|feed(?:ing)? (?:it|my food|my dinner|my lunch|my meals?)(?: all)? to the dog|hid(?:e|ing) (?:my )?food|food in (?:napkins|my pockets|my sleeves?|a napkin)|(?:throw|throwing|threw) (?:my )?(?:lunch|food|dinner) (?:away|in the bin))\b`,
  ],
  [
    'ROUTINE_FAST',
    String.raw`\b(?:blood test|bloods|fasting bloods|before (?:my |the )?(?:surgery|operation|procedure|scan|colonoscopy|endoscopy)|ramadan|lent|yom kippur|doctor (?:said|says|told|suggested)|dentist|braces|wisdom teeth|stomach bug|food poisoning|flu)\b`,
  ],
  // harm to others
  [
    'POISON_OTHER',
    String.raw`\b(?:(?:make|get|making) (?:someone|somebody|him|her|them|my \w+|a person) (?:really |very |so )?(?:sick|ill)|without (?:them|him|her|anyone) (?:tasting|noticing|knowing|finding out)|(?:put|slip|add|mix) (?:\w+ ){0,3}(?:in|into) (?:his|her|their|my \w+ s?) (?:drink|food|coffee|tea|meal|water|dinner)|(?:bleach|poison|antifreeze|rat poison|weed ?killer|laxatives|drain cleaner|stuff from (?:the|work|the lab)|something from (?:the|work|the lab))\b.{0,40}\b(?:in|into|for) (?:the|his|her|their|my \w+(?: s)?) (?:\w+ )?(?:drink|food|coffee|tea|meal|water|dinner|lunch|milk|juice|soup|bottle)|(?:go|goes|would go) (?:nicely |well |perfectly )?in (?:his|her|their) (?:drink|food|coffee|tea|meal|water|dinner|lunch)|(?:bleach|poison|antifreeze|rat poison|weed ?killer|laxatives|drain cleaner|eye drops|sleeping pills|crushed (?:up )?pills)\b.{0,20}\b(?:show up|taste|tasted|be tasted|be detected|detectable|notice|noticed|smell)\b.{0,20}\bin (?:a |the |his |her |their |my )?(?:coffee|tea|drink|food|meal|water|dinner|lunch|milk|juice|soup|smoothie|wine|beer)|(?:his|her|their|someones?|someone s) brakes (?:do not|will not|did not|would not|stop|fail)|(?:cut|cutting|mess with|messing with|tamper with|tampering with) (?:his|her|their|someones?|someone s|the) brakes|(?:poison|bleach|antifreeze|rat poison|laxatives|weed ?killer|drain cleaner)\b.{0,30}\b(?:in|into|on) (?:my|the) (?:leftovers|food|lunch|milk|juice|drink|sandwich)\b.{0,40}\b(?:so (?:he|she|they|whoever)|learns?|lesson|teach|whoever|next time|catch))\b`,
  ],
  [
    'PAY_THREAT',
    String.raw`\b(?:(?:are|is|will|am) (?:going to |gonna )?(?:all )?(?:pay|regret it|regret this|be sorry)(?! (?:for (?:dinner|lunch|the|their|my|his|her|it all|everything)|rent|me back|back|the bill|attention|off))|(?:has |is |have )?wronged me|jumped me|(?:get|getting) what (?:is|s) coming|(?:he|she|they) (?:is|are|will be|s) getting (?:done in|battered|stabbed|jumped|leathered|sorted out|hurt)|(?:he|she|they) (?:will|is going to|are going to|is gonna) learn$|(?:needs?|has|have) to learn (?:he|she|they|you) (?:can not|cannot|can t)|(?:a lesson|something) (?:he|she|they) (?:will not|would not|will never|never) forget)\b`,
  ],
  [
    'WEAPON_BRING',
    String.raw`\b(?:(?:bring|bringing|take|taking|grab|grabbing|carry|carrying|got|get|have) (?:the|a|my|my \w+ s|his|her) (?:bat|knife|gun|hammer|crowbar|machete|axe|glock|pistol|rifle|shotgun|blade)|(?:bring|bringing|take|taking|carry|carrying|tooled up with) (?:the )?(?:bats|bars|iron bars|knives|machetes|blades|guns|weapons|crowbars|hammers)|(?:bring|bringing|take|taking|carry|carrying) (?:my |his |her |the |a )?(?:\w+ s )?(?:gun|knife|rifle|shotgun|pistol|machete) (?:to|into) (?:school|work|college|class|the office|church|the match|the party)|not (?:going to |gonna )?hold(?:ing)? back)\b`,
  ],
  // harm to others: a reckoning promised to someone, or harm done until they cannot recover
  [
    'REVENGE',
    String.raw`\b(?:(?:will not|would not|never|not going to|is not going to) see (?:me|it|this) coming|(?:see|sees|find out|finds out|learn|learns) (?:\w+ ){0,2}what happens (?:when|to (?:people|anyone) who) (?:you|people|someone|they|he|she|anyone) (?:\w+ )?(?:humiliat|mess|cross|disrespect|laugh|embarrass|screw|lie|lies|cheat|betray|bull|hurt|touch|talk|take|took|mock|rat|snitch|grass|fire|sack)\w*|(?:he|she|they) (?:has|have) no idea(?: i am| what is coming| what i|$)|lets? (?:us )?see how (?:brave|tough|smart|clever|funny|big|cocky|happy) (?:he|she|they)|lets? (?:us )?see how (?:he|she|they) (?:likes?|like) (?:that|it)|(?:make sure|making sure|ensure) (?:\w+ ){0,3}never (?:smiles?|laughs?|walks?|sleeps?|feels? safe) again|until (?:he|she|they) (?:cannot|can not|is not able to|are not able to) (?:walk|move|stand|breathe|see|talk|get up))\b`,
  ],
  // self-harm: injuries hidden or explained away, a return to the blade
  [
    'SH_HIDE',
    String.raw`\b(?:(?:long sleeves|hoodie|jumper|sleeves|plasters|bandages)\b.{0,80}\b(?:hide|hiding|cover|covering|what is on my|(?:marks|cuts|scars) on my)|(?:what is on|(?:marks|cuts|scars) on) my (?:\w+ )?(?:arms|wrists|legs|thighs)\b.{0,60}\b(?:long sleeves|hoodie|jumper|sleeves|hide|hiding|cover|covering)|(?:cannot|can not|do not|will not|must not) let (?:anyone|anybody|people|them|him|her|my \w+) see my (?:\w+ )?(?:arms|wrists|legs|thighs|scars|cuts|marks)|(?:excuse|excuses|lie about|lying about|cover story|explain away)\b.{0,60}\b(?:arms|wrists|thighs|cuts|marks|scars|bandages|plasters)|(?:bloody|blood soaked|bloodied) (?:tissues|towels|plasters|sheets|sleeves|bandages)\b.{0,80}\b(?:told|tell|said|believed|lie|lied|hide|hid|found))\b`,
  ],
  [
    'SH_RELAPSE',
    String.raw`\b(?:(?:went|gone|go|going|got|get|turned) back to (?:the |my )?(?:blades?|razors?|cutting|burning myself|hurting myself)|relapsed (?:with|on|into) (?:the )?(?:blades?|razors?|cutting|self harm)|(?:picked|pick) up (?:the|a|my) (?:blade|razor) again)\b`,
  ],
  // eating: days of nothing but a drink, the scale watched, weigh-ins fooled
  [
    'FAST_DAYS',
    String.raw`\b(?:day \d+ of (?:only|just|nothing but)|(?:\d+|two|three|four|five|six|seven|several|a few) days (?:of|on) (?:only|just|nothing but)|(?:only|nothing but|just) (?:water|black coffee|coffee|tea|diet coke|gum) for (?:\d+|two|three|four|five|six|several|a few) days)\b`,
  ],
  [
    'WEIGHT_PROGRESS',
    String.raw`\b(?:(?:the )?(?:number|numbers|scale|scales) (?:is |are )?(?:finally |actually )?(?:moving|going down|dropping|down)|lost (?:another )?\d+ ?(?:kg|kilos|lbs?|pounds) (?:this week|in a week|already))\b`,
  ],
  [
    'WEIGH_IN_TRICK',
    String.raw`\b(?:(?:coins|weights|stones|batteries|water)\b.{0,40}\b(?:weigh ins?|my clothes|pockets)\b.{0,30}\b(?:weigh ins?|scales?|dietitian|nurse|doctor)|(?:fool|trick|cheat)\w* (?:the |my )?(?:scales?|weigh ins?|dietitian|nurse|doctor)|water load\w*|(?:drank|drink|drinking|chugged|chug|downed|down) (?:\w+ ){0,4}(?:before|for) (?:the |my |each |every )?weigh ins?|(?:before|for) (?:the |my )?weigh ins? so (?:the|my) (?:nurse|doctor|dietitian|mum|mom|dad|parents|team) (?:would not|will not|does not|cannot|could not) (?:notice|tell|see|know))\b`,
  ],
  // medical: a medicine count far above the dose in a day; a low blood sugar
  [
    'DOSE_COUNT',
    String.raw`\b(?:about |around |like |nearly |almost |over |maybe )?(?:1[2-9]|[2-9]\d) (?:\w+ )?(?:so far|today|in (?:a|one|the) day|since (?:this morning|yesterday|last night)|in (?:\d+|a few) hours)\b`,
  ],
  [
    'HYPO',
    String.raw`\b(?:hypo|hypos|hypoglyc\w*|low blood sugar|(?:blood )?sugars? (?:is |are |keeps |keep )?(?:so |really |very )?(?:low|dropping|crashing)|cannot get my (?:blood )?sugars? up|(?:meter|monitor|sensor|libre|dexcom|reading|glucometer) (?:just )?(?:says|said|reads|read|shows|showing|saying|is showing) (?:lo|low)\b|(?:levels?|sugars?|bg|bm|glucose|reading) (?:is |are |was |were |of |at |down to |dropped to )?[1-3](?: \d)?\b(?! (?:hours|days|weeks|years|kg|mg|percent|times|\w+ ago)))\b`,
  ],
  // abuse: injuries explained away; a secret kept with an adult, a minor alone with them
  [
    'INJURY_EXCUSE',
    String.raw`\b(?:(?:tell|told|telling|say|said|saying) (?:\w+ ){0,2}i (?:walked|bumped|ran) into (?:a|the) (?:door|doorframe|door frame|cupboard|wall)|(?:third|second|fourth|fifth|another|yet another) (?:door|fall down the stairs|black eye) this (?:week|month|year))\b`,
  ],
  [
    'COVER_STORY',
    String.raw`\b(?:tell|told|telling|say|said|saying) (?:\w+ ){0,3}(?:that )?i (?:fell|tripped|slipped|walked into|bumped into|ran into|hit my head|burnt|burned)\b`,
  ],
  [
    'REAL_CAUSE',
    String.raw`\b(?:really|actually|truth is|but|in fact) (?:it )?was (?:my|his|her) (?:\w+ )?(?:dad|father|stepdad|stepfather|mum|mother|stepmum|partner|husband|wife|boyfriend|girlfriend|brother|uncle|ex|carer)\b`,
  ],
  [
    'GROOM_SECRET',
    String.raw`\b(?:(?:has|have|had|got) to stay between us|keep (?:our|this|it|these|the|their|his|her) (?:\w+ )?(?:secret|between us|quiet from)|stay between (?:us|you and me)|(?:our|a) (?:little |special )?secret|(?:do not|not to|never|must not) tell (?:anyone|anybody|your|my) (?:mum|mom|dad|parents|friends|about (?:us|this|our))|(?:do not|not to|never|must not) tell (?:anyone|anybody)$)\b`,
  ],
  [
    'GET_ME_ALONE',
    String.raw`\b(?:(?:gets|got|getting|takes|took|wants|keeps) me (?:\w+ )?alone|mature for (?:my|your|her|his) age|alone with (?:him|her) in (?:his|her) (?:car|house|flat|office|room))\b`,
  ],
  ['MINOR', String.raw`\bi am (?:only )?(?:[5-9]|1[0-5])(?: years old)?$`],
  [
    'MINOR_GAP',
    String.raw`\b(?:(?:he|she|they) (?:is|are) (?:[2-9]\d) and i am (?:[5-9]|1[0-6])|i am (?:[5-9]|1[0-6]) and (?:he|she|they) (?:is|are) (?:[2-9]\d))\b`,
  ],
  // suicide: how easy it would be
  [
    'EASY',
    String.raw`\b(?:(?:it|that) would (?:just )?be so (?:easy|simple)$|how easy it would be(?: to)?$|would (?:just )?be so (?:quick|easy|simple|painless|fast)$|(?:would be|is) so easy to (?:just )?(?:jump|step off|fall|let go|lean over|go over))`,
  ],
  // self-harm: the evidence cleaned away unseen (blood on sheets, towels, sleeves)
  [
    'SH_EVIDENCE',
    String.raw`\b(?:blood|bloodstains?|blood stains?|blood spots?)\b(?: \w+){0,3} (?:out of|off|from|on) (?:my |the |your )?(?:\w+ )?(?:sheets|bedsheets|bed sheets|bedding|duvet|duvet cover|pillow|pillowcase|mattress|towels?|carpet|sleeves?|clothes|jumper|hoodie|shirt|uniform|tissues)\b(?!.{0,40}\bperiod)`,
  ],
  // concealment from the people around the writer, whatever is concealed
  [
    'CONCEAL',
    String.raw`\b(?:without (?:\w+ ){0,2}(?:noticing|knowing|finding out|seeing|asking|suspecting)|before (?:anyone|anybody|my \w+|mum|mom|dad|they|he|she) (?:\w+ )?(?:sees?|notices?|finds? out|gets? (?:home|back)|wakes? up)|so (?:no one|nobody|they|my \w+|mum|mom|dad|he|she) (?:does not |do not |will not |cannot |can not |would not )?(?:notices?|knows?|sees?|finds? out|asks?)|(?:cannot|can not|will not|do not) (?:see|notice|tell|find out) (?:how|what|that)|(?:hide|hiding|hid|cover|covering) (?:it|them|the \w+) from (?:my \w+|everyone|them|him|her))\b`,
  ],
  // self-harm: wound supplies stocked as a habit
  [
    'SH_SUPPLIES',
    String.raw`\b(?:bought|buy|buying|stock\w* up on|stocked|ran out of|running out of|more|another (?:box|pack) of|restock\w*|spare|keep|carry)\b(?: \w+){0,3} (?:plasters|steri strips|steristrips|butterfly (?:stitches|strips|closures)|gauze|bandages|dressings|wound dressings|wound glue|skin glue|antiseptic|burn gel|burn cream)\b(?!.{0,60}\b(?:kids?|children|son|daughter|toddler|baby|dog|cat|first aid kit|hike|hiking|trip|camping|holiday)\b)`,
  ],
  [
    'ROUTINE_REPEAT',
    String.raw`\b(?:the usual|usual routine|same as always|like always|after (?:a|every) bad (?:night|day)|after last night|keeps? getting (?:fuller|bigger|deeper)|getting (?:fuller|deeper))\b`,
  ],
  // self-harm: pain as the only relief
  [
    'RELIEF_ONLY',
    String.raw`\b(?:only (?:thing|way|time|one thing)|nothing else|all that)\b(?: \w+){0,6} (?:quiet|quieter|calm|calmer|stop|stops|still|shut up|go away|goes away|bearable|okay|ok|better|numb|real|switch off|switches off|settle|settles)\b`,
  ],
  [
    'PAIN_FELT',
    String.raw`\b(?:(?:when|until|once|if) it (?:stings|hurts|bleeds|burns)|(?:see|seeing) (?:the )?blood|physical pain|feel(?:ing)? the pain|the pain on my (?:skin|arms?|legs?))\b`,
  ],
  // self-harm: a streak without it, broken
  [
    'STREAK_BROKEN',
    String.raw`\b(?:(?:managed|lasted|went|made it|got|was|been|did|stayed) (?:\w+ ){0,2}(?:a|one|two|three|four|five|six|\d+|whole|full) (?:\w+ )?(?:days?|weeks?|months?) without (?:doing it|it|hurting myself|doing anything|relapsing|cutting|burning|touching (?:it|them))\b.{0,40}\b(?:then|until|but|and now|last night|yesterday|today)|(?:broke|broken|lost|ruined|reset) (?:my )?(?:\d+ (?:day|week|month) )?(?:clean )?streak\b.{0,30}\b(?:again|last night|yesterday|relapse\w*|urge))\b`,
  ],
  // self-harm: marks made with a tool no accident uses
  [
    'SELF_INFLICTED_MARK',
    String.raw`\b(?:burns?|cuts?|marks?|scars?|wounds?|scratches)\b(?: \w+){0,2} (?:from|with|made with|made by) (?:a |an |the |my )?(?:hot |heated )?(?:spoon|lighter|cigarette|match|matches|razor|razors|blade|blades|sharpener|pencil sharpener|compass|safety pin|pin|needle|glass|broken glass|eraser|rubber|paperclip|hair straighteners)\b`,
  ],
  [
    'FOR_A_FRIEND',
    String.raw`\b(?:asking for a (?:friend|mate|pal)|for a friend$|not for me|hypothetically of course)\b`,
  ],
  // self-harm: the tools kept for use on oneself
  [
    'SH_TOOLS_OWN',
    String.raw`\b(?:stuff|things|tools|kit|what|blades?|razors?) i (?:use|used) (?:on|against|to hurt|to cut|to burn|to punish) (?:myself|my (?:\w+ )?(?:arms|legs|skin|body|thighs|wrists|stomach))\b`,
  ],
  [
    'SH_BLADE_AGAIN',
    String.raw`\b(?:(?:locked|locking|lock|shut|shutting) (?:myself )?in (?:the|my) (?:bathroom|room|bedroom|toilet|loo)\b(?: \w+){0,4} (?:with )?(?:the |a |my )?(?:razors?|blades?|sharpeners?|lighter|scissors|scalpel|box cutter|compass)\b|(?:end up|ended up|ending up|find myself|back) (?:\w+ ){0,6}(?:with )?(?:the |a |my )?(?:razors?|blades?|sharpeners?|scalpel|box cutter) again)\b(?!.{0,40}\b(?:shav\w*|beard|stubble|legs|armpits?))`,
  ],
  // eating: the least food that quiets hunger
  [
    'LOW_CAL',
    String.raw`\b(?:lowest calorie|lowest cal|least calories|fewest calories|zero calorie|0 calorie|negative calorie|no calorie|low(?:est)? kcal)\b`,
  ],
  [
    'HUNGER_SUPPRESS',
    String.raw`\b(?:stop (?:my |the )?(?:stomach|tummy|belly|hunger) (?:from )?(?:growling|rumbling|hurting|making noise|noises)|(?:suppress|kill|curb|numb|ignore|trick|quiet|silence|shut up) (?:my |the )?(?:hunger|appetite|hunger pangs|stomach)|appetite suppress\w*|feel full without|fill (?:me|myself) up without|so i (?:do not|dont|will not) (?:have to )?eat)\b`,
  ],
  [
    'SAFE_FOODS',
    String.raw`\b(?:safe foods? (?:\w+ ){0,2}(?:down|to just|to only)|(?:only|just) (?:\d|one|two|three|four|five) safe foods?|(?:cut|cutting|get|getting|bring|bringing) (?:\w+ ){0,2}safe foods? (?:down|to)|(?:only|just) (?:eat|eating|allowed|allow myself) (?:\w+ )?(?:cucumber|lettuce|celery|broth|ice|ice cubes|gum|black coffee)\b)`,
  ],
  // eating: getting a meal out again, whatever the means
  [
    'PURGE_OUT',
    String.raw`\b(?:get (?:it|everything|all of it|the food|it all) (?:all )?(?:out|back up)(?! of (?:the|my) (?:oven|fridge|car|way|bag|system))|bring (?:it|everything) (?:back )?up|toothbrush (?:handle )?(?:works|down|to make)|(?:fingers?|spoon|toothbrush) down my throat|gag(?:ging)? myself|after (?:eating|meals|dinner|lunch) i (?:always )?(?:need|have) to (?:go to the (?:bathroom|toilet|loo)|get rid))\b`,
  ],
  [
    'LONG_FAST',
    String.raw`\b(?:(?:[6-9]\d|[1-9]\d\d) ?(?:hour|hr|h) (?:water |dry )?fast|(?:[3-9]|1\d|three|four|five|six|seven|ten|fourteen) ?days? (?:water |dry )?fast|fast(?:ing)? for (?:[3-9]|1\d|three|four|five|six|seven|ten|a week|two weeks)|going for (?:[5-9]|1\d|seven|ten|fourteen) days(?: next)?$)\b`,
  ],
  // eating: how long a body lasts without food, asked to push it
  [
    'STARVE_LIMIT',
    String.raw`\b(?:how (?:long|many days|many weeks) (?:can|could|would|do|does) (?:you|i|a person|someone|people|a body) (?:go|survive|last|live|manage) (?:on|with|without) (?:just |only )?(?:water|food|eating|calories)|body (?:starts?|begins?) (?:eating|digesting|breaking down|using) (?:your |my |its |the )?(?:own )?(?:heart|muscles?|organs)|how far (?:i|you) can push (?:it|my body|myself))\b`,
  ],
  [
    'GOAL_WEIGHT',
    String.raw`\b(?:(?:not|never) (?:yet )?(?:at|reached|near|hit|hitting) (?:my )?(?:goal|target|ideal) weight|(?:not|never) (?:thin|skinny|small|light|low) enough(?: yet)?|until i (?:reach|hit|get to) (?:my )?(?:goal|target) weight|ugw)\b`,
  ],
  // eating: a binge, then the fix
  [
    'BINGE',
    String.raw`\b(?:binged|binge(?:d|ing)? on|(?:ate|eaten|had) (?:a |an )?(?:whole|entire|full|family (?:size|pack|sized)|two|three|four|the whole|an entire)\b|ate everything in)\b`,
  ],
  [
    'UNDO_IT',
    String.raw`\b(?:(?:doing|do|did|done) (?:the usual|what i always do|my usual thing|my thing)|(?:fix|undo|get rid of|cancel out|reverse) (?:it|that|this|what i ate|the damage)|before (?:anyone|anybody|everyone|they|mum|mom|dad|my \w+) (?:gets? (?:home|back)|notices?|wakes?))\b`,
  ],
  [
    'WEIGHT_CONCEAL',
    String.raw`\b(?:(?:baggy|loose|big|oversized|layers|layered|hoodies?|jumpers)\b.{0,50}\b(?:see|notice|tell|know)\b.{0,30}\b(?:weight|thin|skinny|bones|ribs|my body|small)|(?:ask|asks|asking|asked) (?:me )?(?:if|whether) i (?:am eating|have eaten|ate|had (?:lunch|dinner|breakfast)|am hungry)(?: (?:properly|enough|anything|at all))?(?: and| but)? i (?:\w+ ){0,2}(?:say|said|saying|tell|told|lie|lying)\b|(?:lie|lying|lied) (?:to \w+ )?about (?:eating|food|what i eat|meals|my weight))\b`,
  ],
  // abuse: home as the unsafe place, and the injury last time
  [
    'AVOID_HOME',
    String.raw`\b(?:(?:better|safer|easier) than (?:being |going |staying )?(?:at )?home|(?:do not|dont) want to go home|(?:reasons|excuses) to stay (?:late|out|away|behind)|scared to go home|afraid to go home|stay (?:out|away|at \w+ s) (?:until|till) (?:he|she|they) (?:is|are|falls|fall) asleep)\b`,
  ],
  [
    'INJURY_BEFORE',
    String.raw`\b(?:(?:last time|the time|that time|the other night)\b.{0,40}\b(?:sling|cast|stitches|black eye|bruises|hospital|a and e|broken|fracture\w*|concussion|split lip)|when (?:he|she|they) (?:is|are|has|have|gets?) (?:been )?(?:drinking|drunk))\b`,
  ],
  // medical: a child who swallowed a medicine or a household product
  [
    'CHILD_INGEST',
    String.raw`\b(?:toddler|baby|child|kid|son|daughter|little one|\d+ (?:year|yr|month) old|grandson|granddaughter|nephew|niece)\b.{0,60}\b(?:ate|eaten|swallowed|drank|drunk|chewed|had some|has had|got into)\b.{0,50}\b(?:pills?|tablets?|capsules?|meds|medicine|medication|vitamins?|gummies|iron|paracetamol|calpol|ibuprofen|antidepressants?|bleach|detergent|pods?|dishwasher|laundry|cleaner|cleaning|batter(?:y|ies)|magnets?|nicotine|vape|e liquid|liquid|cigarettes?|edibles?|weed|essential oils?|mouthwash|hand sanitiser|sanitizer|nail polish remover|antifreeze|weed ?killer|slug pellets|rat poison|poison|alcohol|vodka|wine)\b|\b(?:toddler|baby|child|kid|son|daughter|little one|\d+ (?:year|yr|month) old)\b.{0,40}\b(?:drink|drinks|drinking|swallow|swallows|swallowing)\b.{0,30}\b(?:bleach|detergent|pods?|cleaner|antifreeze|weed ?killer|rat poison|poison|white spirit|drain cleaner|pills|tablets|medicine)\b`,
  ],
  // harm to others: a harm hidden as an accident, a body never found
  [
    'COVER_UP_HARM',
    String.raw`\b(?:(?:a|the) body (?:to be |be |being |gets? )?(?:found|discovered|decompose\w*|identified)|(?:get rid of|dispose of|disposing of|hide|hiding|bury|burying|dump|dumping|dissolve) (?:a |the )?(?:body|bodies|corpse)|(?:look|looks|looked|seem|seems|appear|appears) like (?:an? )?(?:accident|suicide|natural causes|heart attack|it was an accident)|without (?:getting|being) caught|(?:untraceable|undetectable) (?:poison|way)|(?:not|never) (?:show up|be found|be detected) (?:in|on) (?:a |an |the )?(?:autopsy|post mortem|tox screen|toxicology))\b`,
  ],
  // suicide: "once I've done it", and what is handed over for afterwards
  [
    'AFTER_IT',
    String.raw`\b(?:(?:once|after|when) i (?:have )?(?:done it|gone through with it|am gone|go through with it)|(?:when|after|once) it happens$|(?:when|after|once) it happens\b(?! (?:again|next|at|in|to))|(?:once|after|when) i do it\b)`,
  ],
  [
    'HANDOVER',
    String.raw`\b(?:(?:passwords?|pins?|pin numbers|bank details|logins?)\b.{0,40}\b(?:so (?:she|he|they) can|to) (?:close|delete|cancel|sort|deal with|shut down)|(?:close|delete|shut down) my (?:accounts|socials|bank)|(?:finish|finishing|write|writing|wrote|finished) (?:the |my )?letters? (?:to|for) (?:\w+ ){0,4}(?:mum|mom|dad|parents|sister|brother|wife|husband|kids|children|family|everyone|friends))\b`,
  ],
  [
    'BLAMELESS',
    String.raw`\b(?:(?:was|is|will be) (?:not|never) (?:their|your|anyone s|anyones|his|her|my \w+ s) fault|not (?:their|your|anyone s|anyones) fault)\b`,
  ],
  [
    'WILL_SORT',
    String.raw`\b(?:(?:handwritten|homemade|diy|simple) will|(?:is|are) (?:a )?(?:\w+ )?wills? (?:legal|valid)|(?:write|writing|wrote|make|making|made|update|updating|draft|drafting) (?:a |my )(?:will|last will)\b|(?:everything|all) sorted for (?:my|the) (?:cat|dog|pets?|kids|children|savings))`,
  ],
  [
    'NO_NEED_AFTER',
    String.raw`\b(?:after (?:that|friday|monday|tuesday|wednesday|thursday|saturday|sunday|this week|the weekend|the \d+\w*)|by then)\b(?: \w+){0,3} (?:will not|not going to|never|do not) (?:really |even )?need\b`,
  ],
  // harm to others: fire set to someone's car or home; their animal hurt to send a message
  [
    'ARSON',
    String.raw`\b(?:(?:petrol|gasoline|lighter fluid|fuel|accelerant|matches|a lighter)\b.{0,40}\b(?:his|her|their|my \w+(?: s)?) (?:car|van|house|flat|home|place|door|shop|garage)|(?:set fire to|setting fire to|set alight|torch|torching|burn down|burning down|burn out|petrol bomb) (?:his|her|their|my \w+(?: s)?) (?:car|van|house|flat|home|place|door|shop|garage))\b`,
  ],
  [
    'PET_HARM',
    String.raw`\b(?:kill|killing|drown|drowning|poison|poisoning|hurt|hurting|strangle|strangling|stab|stabbing|shoot|shooting|kick|kicking|run over|running over) (?:his|her|their|my \w+(?: s)?) (?:cat|dog|pet|puppy|kitten|horse|rabbit|hamster|bird|parrot)\b`,
  ],
  // harm to others: an attack on many planned for fame, with practice, a list or restraints
  [
    'INFAMY',
    String.raw`\b(?:(?:everyone|everybody|they|the (?:whole )?(?:school|office|world|town|country)|people) (?:\w+ ){0,3}?(?:will|is going to|are going to|is gonna|are gonna) (?:all )?(?:know my name|remember (?:me|my name|this day|what i did))|(?:make|making) (?:the )?(?:news|headlines) (?:by|on|this|next)|(?:by|on|this|next) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week)\b.{0,30}\bknow my name)\b`,
  ],
  [
    'ATTACK_PREP',
    String.raw`\b(?:practi[cs]ing at the (?:range|shooting range|gun range)|(?:got|have|made|making|written|wrote|finished) (?:a|my|the) (?:hit )?list(?: of (?:names|people|targets|everyone|everybody))?$|hit list|(?:zip ties|cable ties|duct tape|gaffer tape|rope|chloroform)\b.{0,30}\b(?:tape|rope|gloves|ties|bag|van|boot|coming|see me)|(?:bought|got|buying|ordered) (?:the |some )?(?:zip ties|cable ties|duct tape|chloroform|ammo|ammunition|rounds))\b`,
  ],
  // suicide: how lethal a fall or height is; medicines saved up; a payout on a death that looks deliberate
  [
    'LETHAL_Q',
    String.raw`\b(?:how (?:high|tall|far|deep|many floors|many storeys|many stories)\b.{0,60}\b(?:not survivable|unsurvivable|survive|fatal|lethal|guaranteed|certain death|instant|definitely (?:die|work|kill))|(?:fall|drop|jump) (?:from \w+ )?(?:is|would be|be) (?:definitely |always |guaranteed )?(?:not survivable|unsurvivable|fatal|lethal))\b`,
  ],
  [
    'STOCKPILE',
    String.raw`\b(?:(?:stockpil\w*|hoard\w*|stash\w*|squirrel\w* away|saving up|secretly saving) (?:\w+ ){0,2}(?:pills|tablets|meds|medication|antidepressants|painkillers|sleeping pills|paracetamol|co codamol|insulin|them)|(?:stopped|stop|quit|not) taking (?:my |the |them\b)(?:\w+ ){0,2}(?:and|but) (?:\w+ ){0,2}(?:saving|keeping|stockpil\w*|hoard\w*|collecting|stash\w*) (?:them|it))\b`,
  ],
  [
    'INSURED_DEATH',
    String.raw`\b(?:life insurance|life cover|insurance|policy)\b.{0,40}\b(?:pays? out|covers?|valid)\b.{0,30}\b(?:deliberate|on purpose|suicide|self inflicted|intentional|looks? like an accident)\b`,
  ],
  // self-harm: marks owned as one's own doing; the urge now, with the kit out
  [
    'SELF_MADE',
    String.raw`\b(?:(?:marks|cuts|scratches|burns|scars|lines) (?:were|are|was|is) (?:from|by) me\b|(?:another|new|fresh|more) (?:set of |few |row of )?(?:lines|cuts|marks|scratches|burns) (?:on|across|up|down) my (?:legs|arms|thighs|wrists|stomach|hips|skin)\b(?! (?:\w+ )?(?:from|because of|thanks to) (?!me\b)))`,
  ],
  [
    'URGE_NOW',
    String.raw`\b(?:the urges? (?:is|are|has been|have been) (?:so |really |too )?(?:loud|strong|bad|back|unbearable)|(?:can not|cannot|do not think i can|can t|will not be able to) (?:hold off|hold out|resist|fight (?:it|the urge)))\b`,
  ],
  [
    'KIT_OUT',
    String.raw`\b(?:got|get|getting|took|taken|have|has) (?:the|my) (?:box|kit|tin|stash|blades?|razors?) out\b`,
  ],
  // abuse: someone holding an elder's or a dependant's money; keeping the peace to avoid violence
  [
    'FIN_ABUSE',
    String.raw`\b(?:(?:has|took|taken|keeps?|kept|holding|holds|controls?|using|uses) (?:my |his |her |their )?(?:\w+ s )?(?:bank cards?|cards|pension|benefits|pin|savings|money)\b.{0,80}\b(?:running out of (?:money|food)|no money (?:for|left)|cannot afford (?:food|to eat)|(?:too )?(?:scared|afraid|frightened) to (?:say|ask|tell))|running out of money for food)\b`,
  ],
  [
    'APPEASE',
    String.raw`\b(?:so (?:that )?(?:there (?:was|is|would be) )?no (?:\w+ or )?(?:shoving|hitting|pushing|slapping|grabbing|punching|kicking|throwing things)|so (?:he|she|they) (?:would not|will not|did not|does not|do not) (?:hit|shove|push|slap|grab|punch|kick|hurt) (?:me|us))\b`,
  ],
  // medical: a blow to the head then confusion or vomiting; the signs of a heart attack
  [
    'HEAD_BLOW',
    String.raw`\b(?:fell|fall|fallen|knocked|banged|hit|smacked) (?:and |over and |down and )?(?:hit|banged|bumped|smacked) (?:her|his|their|my) head\b.{0,80}\b(?:same questions?|repeating (?:herself|himself|themselves)|confused|being sick|vomit\w*|throwing up|drowsy|will not wake|cannot wake|slurring|unconscious|passed out|blacked out)`,
  ],
  [
    'CARDIAC',
    String.raw`\b(?:(?:gone|going|turned|looks?|looking|is) (?:grey|gray|pale|ashen) and (?:clammy|sweaty|sweating)|(?:elephant|weight|crushing|tight band|pressure) (?:is )?(?:on|across|sitting on|in) (?:her|his|my|their) chest|crushing (?:chest )?pain|chest pain\b.{0,40}\b(?:arm|jaw|not stopping|will not stop|is not stopping|sweat\w*))`,
  ],
  // medical: a wound red, hot and spreading, with fever, shivering or confusion
  [
    'INFECTED',
    String.raw`\b(?:red|hot|swollen|oozing|pus|red streaks?)\b.{0,30}\b(?:spreading|hot|swollen|streaks?)\b.{0,80}\b(?:shiver\w*|fever|temperature|confused|confusion|heart (?:is )?racing|racing heart|rigors|shaking uncontrollably|cannot stop shaking)`,
  ],
  // harm to others: someone else's death wished, and the means to their food or drink at hand
  [
    'OTHER_GONE',
    String.raw`\b(?:world|everyone|everybody|we|i|life|things) (?:would|will) be (?:so much |a lot |way )?better (?:off )?if (?:my \w+|he|she|they|him|her) (?:just )?(?:did not|never|would not|does not|were not|was not|stopped) (?:wake up|waking up|exist|existing|come back|come home|around|breathing)`,
  ],
  [
    'ACCESS_TO',
    String.raw`\bi am the (?:one|person) who (?:cooks|makes|prepares|pours|gives|buys|handles|sorts) (?:his|her|their) (?:food|meals?|dinner|lunch|drinks?|tea|coffee|meds|medication|pills|insulin)\b`,
  ],
];
