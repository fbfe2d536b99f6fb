import type { Concept } from './crisis-concept-phrases.ts';

/**
 * The concept layer's warning-sign families written from batch 7's misses (crisis-concepts.ts
 * reads them with CONCEPTS and MORE_CONCEPTS), as raw patterns over normalised text. Each is a
 * family with a broad vocabulary, never one message's nouns; most only count beside a second
 * sign (the rules in crisis-concepts.ts). A concept may have patterns here and in the other
 * tables: a match of any of them is the concept.
 */

const PERSON_OBJECT = String.raw`(?:him|her|them|that (?:\w+ )?(?:guy|man|woman|girl|bloke|lad|kid|prick|idiot|creep)|my (?:\w+ )?(?:ex|boss|manager|neighbour|flatmate|roommate|landlord|husband|wife|partner|boyfriend|girlfriend|stepdad|dad|brother|sister|colleague|coworker))`;
const PARTNER = String.raw`(?:partner|husband|wife|boyfriend|girlfriend|fiance|fiancee|bf|gf|ex)`;

export const SIGN_CONCEPTS: ReadonlyArray<readonly [Concept, string]> = [
  // harm to others: a weapon taken where the person will be
  [
    'WEAPON_BRING',
    String.raw`\b(?:bring|bringing|take|taking|carry|carrying|bring in|sneak|sneaking) (?:my |his |her |the )?(?:\w+s )?(?:gun|knife|pistol|rifle|shotgun|machete|axe|hammer|crowbar|blade|glock|taser)\b (?:in(?:to)? |to )(?:work|school|the office|college|uni|the pub|the club|the party|court|church|his|her|their|the meeting|the match)\b`,
  ],
  // harm to others: a vehicle as the weapon
  [
    'VEHICLE_HARM',
    String.raw`\b(?:run|running|mow|mowing|knock|knocking) ${PERSON_OBJECT} (?:over|down)\b(?! (?:to|for|at) )|\b(?:drive|driving|plough|ploughing|ram|ramming|swerve|swerving|aim|aiming) (?:my |the |his )?(?:car |van |truck )?(?:into|at|through) (?:him|her|them|that (?:\w+ )?(?:guy|man|woman|crowd|group)|the crowd|the protest|the queue|people|my (?:\w+ )?(?:ex|boss|neighbour))\b`,
  ],
  // harm to others: fuel at hand, a fire promised
  [
    'FUEL_HELD',
    String.raw`\b(?:(?:can|canister|jerry can|bottle|tin|jug) of (?:petrol|gasoline|diesel|fuel|lighter fluid|paraffin|white spirit)|petrol can|(?:petrol|lighter fluid|accelerant) (?:in|under) (?:my |the )?(?:boot|car|bag|shed))\b`,
  ],
  [
    'RECKONING',
    String.raw`\b(?:(?:he|she|they|you|that \w+) (?:will |is going to |are going to |is gonna )?(?:finds?|learns?|see|sees) out what happens|(?:is|are|be) going to learn what (?:a )?(?:fire|pain|fear|hurt|real pain|suffering|a beating|\w+ like him) (?:feels|is|looks) like|(?:not|never) (?:going to be |be )?responsible for what (?:happens|i do)|(?:will not|would not|cannot) be (?:held )?responsible for (?:my actions|what (?:happens|i do)))\b`,
  ],
  // harm to others: knowing where and when the person is, their routine followed
  [
    'WHEREABOUTS',
    String.raw`\b(?:know (?:which (?:car|house|flat|door|room|window|bed) is (?:his|hers|theirs)|(?:he|she|they) (?:is|are|will be|gets?) (?:\w+ )?(?:asleep|alone|home alone|in bed|on (?:his|her|their) own|upstairs|back) (?:by|at|after|from|every|until)|what time (?:he|she|they) (?:goes to bed|sleeps|leaves|finishes|gets home))|(?:got|have got|have|found|found out|know) (?:his|her|their) (?:new )?(?:\w+ )?address|(?:following|followed|tracking|tracked|watching|watched|learning|learned|learnt|noting|writing down|clocked) (?:his|her|their) (?:daily |whole )?(?:routine|movements|schedule|shifts|habits|comings and goings))\b`,
  ],
  // harm to others: something corrosive held for someone
  [
    'CORROSIVE',
    String.raw`\b(?:(?:bottle|jar|tub|can|cup) of (?:acid|battery acid|sulphuric acid|sulfuric acid|ammonia|drain cleaner|caustic soda|bleach)|acid attack|throw(?:ing)? (?:acid|bleach|ammonia))\b`,
  ],
  // harm to others: a person made to vanish, and help to dig
  [
    'DISAPPEAR_OTHER',
    String.raw`\b(?:make|making|made) ${PERSON_OBJECT.replace('(?:him|', '(?:him|my (?:\\w+ )?(?:sisters|brothers|mums|dads|friends) (?:husband|wife|boyfriend|girlfriend|partner)|')} (?:just )?(?:disappear|vanish|go away (?:for good|permanently|forever))\b(?! (?:from|off|out|of|for (?:a|the)))`,
  ],
  [
    'DIG',
    String.raw`\b(?:help (?:me )?(?:with )?(?:the )?dig(?:ging)?|dig (?:a |the )?(?:hole|grave|pit)\b(?! for (?:the|a|my) (?:pond|tree|plant|fence|post|shrub|roses|veg))|(?:shovels?|spades?|lime|bin bags|tarp|tarpaulin)\b.{0,30}\b(?:body|boot|woods|nobody will find))`,
  ],
  [
    'HARM_NEVER_AGAIN',
    String.raw`\bmake sure (?:he|she|they|that \w+|my \w+) (?:never|can never|will never|cannot ever) (?:hurts?|harms?|touch(?:es)?|bothers?|hits?|abuses?|does that to|comes near|goes near) (?:\w+ ){0,2}(?:again|anyone|anybody|another)`,
  ],
  // harm to others: a sleeping dependant smothered
  [
    'SMOTHER',
    String.raw`\b(?:a |the )?(?:pillow|cushion) (?:over (?:her|his|their) (?:face|head|mouth)|while (?:she|he|they) (?:sleeps?|is asleep|are asleep|is sleeping|naps?))\b`,
  ],
  [
    'UNNOTICED_END',
    String.raw`\b(?:would|will|could) (?:solve|fix|end) (?:a lot|everything|it all|all (?:of )?(?:this|my problems)|my problems)|(?:she|he|they|no one|nobody|anyone) would (?:never|not) (?:know|notice|suspect|find out)|no one would (?:know|suspect)|nobody would (?:know|suspect)|(?:look|looks|would look) natural|in (?:her|his|their) sleep\b`,
  ],
  // harm to others: how hard a blow must be for someone not to get up
  [
    'HARM_HOW_Q',
    String.raw`\bhow (?:hard|many times|much force|long|much pressure) (?:do |would |does |should )?(?:you |i |one )?(?:have to |need to |would have to |got to )?(?:hit|punch|kick|strike|hold|choke|strangle|squeeze|stab|push|shake|smother) (?:someone|somebody|a person|him|her|them|my \w+|a man|a woman|a guy)\b.{0,60}\b(?:not (?:to )?(?:get up|wake up|breathe|come round|come to)|stay down|for good|never (?:get up|wake|breathe)|kill|die|dead|stop breathing|brain damage)`,
  ],
  // harm to others: the means ready, said without a name
  [
    'MEANS_READY',
    String.raw`\b(?:(?:sorted|worked out|figured out|planned|got) (?:out )?the how|(?:got|have got|have|brought|bringing|packed|carrying) something (?:in|for|with) (?:my|the|me|him|her|them) ?(?:bag|pocket|car|boot|jacket|coat|rucksack|backpack)?\b(?! for (?:the|his|her|their|my) (?:birthday|party|kids|wedding|present|gift|anniversary)))`,
  ],
  // harm to others: a named person wished not to see a day
  [
    'OTHER_GONE',
    String.raw`\b(?:goal|aim|plan|hope|wish|pray|want|praying|hoping|make sure|ensure|is that|for the year is) (?:\w+ ){0,4}(?:that )?(?:my (?:\w+ )?(?:ex|boss|manager|husband|wife|partner|dad|stepdad|mum|neighbour|landlord|brother|sister|flatmate|roommate)|he|she|that \w+) (?:does not|do not|will not|never|is not going to|would not|did not) (?:see|make it to|live to see|live past|survive|get to see) (?:\w+ ){0,2}?(?:christmas|birthday|new year|next year|summer|spring|easter|the weekend|another (?:year|birthday|christmas)|\d+)\b(?! (?:presents?|tree|lights|decorations|gifts?|surprise|card|cards|list|film|movie|menu|plans?|party|market|jumper))`,
  ],
  // harm to others: a car tampered with
  [
    'SABOTAGE',
    String.raw`\b(?:cut|cutting|tamper\w* with|loosen\w*|mess\w* with|drain\w*|snip\w*) (?:\w+ ){0,2}(?:brake lines?|brakes|brake cables?|brake pipes?|fuel line|gas line|wheel nuts|tyres)\b`,
  ],
  [
    'POISON_PLAN',
    String.raw`\bpoison(?:ing)? (?:his|her|their|my (?:\w+ )?(?:husband|wife|partner|boyfriend|girlfriend|dad|mum|mother|father|stepdad|boss|ex|neighbour|flatmate|roommate|brother|sister|mother in law|father in law)s?) (?:\w+ )?(?:food|drink|tea|coffee|dinner|meals?|water|wine|beer|lunch)\b|\bpoison(?:ing)? (?:him|her|them|my (?:\w+ )?(?:husband|wife|partner|boyfriend|girlfriend|dad|mum|stepdad|boss|ex|neighbour|flatmate|roommate))\b`,
  ],
  [
    'BOUGHT_IT',
    String.raw`\b(?:already |just )?(?:bought|got|ordered|picked up|have) (?:the stuff|some|what i need|it|the \w+)(?: already)?$|already (?:bought|got|ordered) (?:the stuff|it|some|what i need)`,
  ],
  // self-harm: a wound treated away from questions; stitches for what one did to oneself
  [
    'AVOID_QUESTIONS',
    String.raw`\b(?:(?:do not|dont|did not) want (?:them|anyone|doctors|nurses|the nurse|the doctor|people|my (?:\w+ )?(?:parents|mum|dad|gp|school)) (?:asking|to ask|to see|to know|seeing|finding out|noticing)|without (?:anyone|them|my \w+) (?:asking|noticing|knowing|seeing|finding out)|(?:they|doctors|nurses) (?:will|would|might) ask (?:questions|how it happened)|questions i do not want to answer)\b`,
  ],
  [
    'ON_PURPOSE',
    String.raw`\b(?:something|what|the thing|the damage|the (?:cuts?|marks?|burns?)) i (?:did|have done|had done|do|keep doing) to myself\b(?!.{0,30}\b(?:by accident|accidentally|cooking|chopping|in the kitchen|at the gym|training|running|slipped|fell)\b)`,
  ],
  // self-harm: calm only from seeing the lines; the skin a diary; burning to quiet the head
  [
    'SH_SIGHT',
    String.raw`\b(?:(?:see|seeing|saw|watch|watching) (?:the )?(?:red lines?|lines? (?:appear|form|on my \w+)|blood (?:come|appear|bead|well))|(?:red lines|new lines?) (?:on|across|up|down) my (?:arms?|legs?|thighs?|wrists?|skin|stomach|hips?))\b`,
  ],
  [
    'SKIN_RECORD',
    String.raw`\b(?:my (?:skin|arms?|legs?|thighs?|wrists?|body) (?:is|are) (?:my |a )?(?:diary|journal|calendar|notebook|record|tally|scoreboard|count)|(?:every|each) (?:bad )?(?:day|night|time|mistake|fight|argument)\b.{0,20}\b(?:gets|means|earns|is|leaves) (?:a |another )?(?:new )?(?:line|cut|mark|scratch|burn)\b(?! (?:in|of|on) (?:my |the |a )?(?:journal|diary|notebook|book|page|code|poem|song|list|spreadsheet)))`,
  ],
  [
    'BURN_SELF',
    String.raw`\b(?:hold|held|holding|press|pressed|pressing|put|putting|keep|kept) (?:my )?(?:\w+ )?(?:hand|hands|arm|arms|fingers?|palm|wrist|skin|thigh|leg) (?:on|against|over|to|under|in) (?:the )?(?:hob|stove|cooker|iron|oven|radiator|hot pan|pan|kettle|lighter|flame|candle|hot tap|boiling water|cigarette|hot plate|straighteners)\b.{0,40}\b(?:until|till|so (?:i|it|that)|to (?:feel|quiet|calm|stop|punish|make))\b.{0,30}\b(?:quiet|calm|stops?|numb|gone|go away|feel something|punish|quieter|better|okay|ok)\b`,
  ],
  [
    'HEAD_NOISE',
    String.raw`\b(?:too loud in my head|loud in my head|my head (?:gets|is) (?:too )?(?:loud|noisy|full)|the (?:noise|thoughts|voices) in my head)\b`,
  ],
  [
    'HEAT_COVER',
    String.raw`\b(?:hoodies?|long sleeves|jumpers?|sweaters?|sleeves|jeans|tights|leggings|cardigans?)\b.{0,30}\b(?:in (?:the )?(?:summer|heat|heatwave|july|august|\d+ degrees)|when it is (?:hot|boiling|roasting)|in this heat)\b`,
  ],
  [
    'KNOW_WHY',
    String.raw`\b(?:(?:you|we) (?:both |all )?know why$|you can (?:probably )?guess why$|for (?:obvious|the usual) reasons|no one (?:needs|has) to know why)\b`,
  ],
  [
    'RELAPSE_MARK',
    String.raw`\b(?:relapsed|relapse|relapses|clean streak (?:ended|is over|broke|broken|gone|reset)|streak (?:ended|broke|is over|reset) at \d+|back to square one|back to day (?:one|1|zero|0)|slipped up again)\b`,
  ],
  [
    'SH_GOAL',
    String.raw`\b(?:stop|quit|stopping|quitting|give up) (?:cutting|self harming|self harm|sh|hurting myself|burning myself|scratching myself|cutting myself)(?=$| (?:and|but|for|since|after|because|again|this|for good|completely)\b)`,
  ],
  ['SH_BLADE', String.raw`\b(?:razors?|blades?|sharpeners?|scalpels?|box cutters?)\b`],
  [
    'BANDAGE_NEED',
    String.raw`\b(?:needed|need|needing|needs) (?:\w+ ){0,2}(?:bandag\w*|dressings?|steri strips|butterfly stitches|stitches|gauze|gluing|glue)\b`,
  ],
  [
    'INCIDENT_COUNT',
    String.raw`\b(?:(?:less|fewer|under) than (?:\d+|one|two|three|four|five|ten) (?:incidents|episodes|times|slips|relapses)|\d+ (?:incidents|episodes|relapses)|(?:incidents|episodes)\b.{0,30}\b\d+)\b`,
  ],
  [
    'STICK_EXCUSE',
    String.raw`\b(?:(?:that is|it is|thats) (?:the )?(?:second|third|fourth|fifth|sixth|another) (?:\w+ ){0,2}this (?:week|month|term|year)|(?:that is|this is|it is) what i (?:always )?(?:tell|say to) (?:everyone|everybody|people|them|him|her)|same excuse (?:as|every)|(?:my|the) usual (?:excuse|story))\b`,
  ],
  // eating: a meal faked, days of nothing, the fix after eating, insulin skipped
  [
    'FOOD_CONCEAL',
    String.raw`\b(?:(?:look|seem|looks|seems) like (?:i|you) (?:have |had )?(?:eaten|ate|finished)|(?:moving|push|pushing|moved|pushed|spreading) (?:my |the )?food (?:around|about)\b.{0,40}\b(?:fool|fooling|notice|noticing|think i|thinks i|so (?:they|no one|nobody|it looks)|anymore)|(?:moving|push|pushing|moved|pushed|spreading) my food (?:around|about)|(?:fool|fooling|trick|tricking|convince|convincing) (?:my )?(?:\w+ )?(?:into thinking|that) i (?:ate|have eaten|am eating))\b`,
  ],
  [
    'DIET_GOAL',
    String.raw`\b(?:(?:summer|weight|diet|weight loss|body) goals?|summer body|lose weight|losing weight|weight loss|get thin|get skinny|drop (?:a )?(?:dress )?size|beach body|the scale|the scales|goal weight|target weight)\b`,
  ],
  [
    'NOTHING_DAYS',
    String.raw`\b(?:day (?:\d+|two|three|four|five|six|seven|eight|nine|ten) (?:with|of|on) (?:nothing|no food|zero food|zero calories|water only|only water)|(?:\d+|two|three|four|five|six|seven|eight|nine|ten) days (?:with|of|on) (?:nothing|no food|zero food|zero calories)(?! (?:but|except) (?:a |the )?(?:hunger|cold|flu|bug))|aiming for (?:\d\d|twenty|thirty) days)\b`,
  ],
  [
    'BATHROOM_AFTER',
    String.raw`\b(?:(?:go|going|went|run|running|ran|head|heading|sneak|sneaking) (?:to |into )?(?:the )?(?:bathroom|toilet|loo)\b.{0,20}\b(?:after|afterwards)|after (?:eating|i eat|meals?|dinner|lunch|every meal)\b.{0,30}\b(?:bathroom|toilet|loo))\b`,
  ],
  [
    'SLIP_EAT',
    String.raw`\b(?:slip (?:up )?and eat|slipped (?:up )?and ate|give in and eat|gave in and ate|caved and ate|cave and eat|(?:every time|whenever|if) i (?:eat|slip|cave)\b)`,
  ],
  [
    'INSULIN_OMIT',
    String.raw`\b(?:(?:skip|skipping|skipped|miss|missing|missed|cut down(?: on)?|cutting down(?: on)?|cut back(?: on)?|cutting back(?: on)?|not taking|stopped taking|reduce|reducing|lowering|lower|less|under ?dosing|underdos\w*) (?:on )?(?:my )?(?:\w+ )?insulin\b.{0,40}\b(?:weight|lose|losing|thin|calories|kg|pounds|lbs|burn|skinny)|diabulimi\w*)\b`,
  ],
  [
    'NEAR_GOAL',
    String.raw`\b(?:(?:so |really |nearly |almost )?close to (?:my )?(?:goal|target|dream) weight|(?:nearly|almost) (?:at|reached|hit) (?:my )?(?:goal|target) weight|(?:goal|target) weight\b.{0,30}\b(?:cannot|can not|will not|not going to) stop)\b`,
  ],
  [
    'BODY_WARN',
    String.raw`\b(?:the shakes|shaky|shaking|heart (?:does |is doing |keeps |keeps doing )?(?:\w+ )?(?:skips?|skipping|flutters?|fluttering|missing beats|misses beats|flips)|palpitations|(?:dizzy|faint|fainting|black(?:ing)? out|pass(?:ing)? out)|hair (?:is )?falling out|chest (?:hurts|pains?))\b`,
  ],
  [
    'NEVER_EAT',
    String.raw`\b(?:(?:never|not) (?:have|had|having|need|needed) to eat (?:again|ever again|anything(?: ever)? again)|(?:wish|if) i (?:could|did not have to|never had to|did not need to) (?:\w+ ){0,2}(?:never )?eat (?:again|ever)|(?:stop|give up) eating (?:altogether|completely|entirely|forever|for good))\b`,
  ],
  [
    'ONE_ITEM_DAY',
    String.raw`\b(?:on|eating|having|ate|eat|allowed|allow myself) (?:just |only )?(?:one|a single|half an?|1) (?:apple|rice cake|cracker|banana|yoghurt|yogurt|carrot|orange|egg|cup of \w+|slice of \w+|bowl of \w+) (?:a|per|each) day\b`,
  ],
  ['SAFE_LIST', String.raw`\b(?:safe foods? (?:only|list)|only safe foods?)\b`],
  // abuse: check-ins demanded, a chat hidden from a partner, marks after a visit, money doled out
  [
    'CHECKIN_DEMAND',
    String.raw`\b(?:(?:have to|must|need to|got to|made to|expected to|forced to) (?:send|text|call|ring|message|video call|facetime|share|show) (?:my )?(?:\w+ ){0,3}(?:every (?:hour|half hour|\d+ minutes|few minutes|time i)|hourly|constantly|all day)|so (?:he|she|they) (?:knows|know|can see|can check) (?:exactly )?where i am)\b`,
  ],
  [
    'SCARY_MOOD',
    String.raw`\b(?:(?:goes|gets|turns|went|got) (?:all )?(?:quiet and scary|scary|cold and scary|really scary|scary quiet|nasty|quiet and cold)|or (?:else|he gets|she gets|he goes|she goes|he loses it|she loses it))\b`,
  ],
  [
    'HIDE_FROM_PARTNER',
    String.raw`\b(?:delete|deleting|clear|clearing|hide|hiding|erase|wipe|wiping) (?:this|the|my|our|these) (?:chat|chats|conversation|messages|history|search history|app|texts|browsing)\b.{0,30}\bso (?:my ${PARTNER}|he|she) (?:cannot|can not|does not|do not|will not|never) (?:see|find|know|check|read)\b(?!.{0,40}\b(?:surprise|present|gift|birthday|party|proposal|proposing|ring|anniversary)\b)`,
  ],
  [
    'CHILD_MARKS',
    String.raw`\b(?:came|comes|come|got|get|gets) (?:back|home) from (?:her|his|their|the|my) (?:\w+ )?(?:dads|mums|fathers|mothers|stepdads|stepmums|grandads|uncles|aunties|dad s|mum s|dad|mum)\b.{0,60}\b(?:marks|bruises|bruised|bruising|burns|cuts|scratches|welts|a black eye|finger ?marks)\b`,
  ],
  [
    'CHILD_SILENT',
    String.raw`\b(?:(?:will not|would not|does not|refuses to|too scared to) (?:tell|say|talk)|just cries|cries|crying|scared|terrified|does not want to go back|flinch\w*|wets the bed)\b`,
  ],
  [
    'RECEIPT_CHECK',
    String.raw`\b(?:(?:show|hand|give|bring) (?:him|her|them) (?:all )?(?:the |my )?receipts|(?:checks|check|asks for|demands|wants) (?:\w+ )?(?:all )?(?:the |my )?receipts|account for every (?:penny|pound|cent|dollar|bit))\b`,
  ],
  [
    'MONEY_DOLE',
    String.raw`\b(?:(?:gives|give|allows|lets) me (?:have )?(?:\d+|an? (?:small )?(?:allowance|budget)|pocket money)|(?:my )?own money|not allowed (?:my own|a) (?:money|bank|card))\b`,
  ],
  [
    'SECRET_KEEPING',
    String.raw`\b(?:(?:makes?|made|tells?|told|asks?|asked|wants?) me (?:to )?(?:keep|promise|swear) (?:\w+ )?secrets?|keep (?:secrets|a secret) (?:with|for) (?:him|her|them)|(?:asked|asks|told|tells|wants) me (?:to )?(?:not|never) (?:to )?tell (?:my )?(?:parents|mum|mom|dad|anyone|anybody|family))\b`,
  ],
  [
    'SPECIAL_GAME',
    String.raw`\b(?:(?:our|a|the) (?:special|secret) (?:game|time|thing|club)|(?:feel|feels|felt) (?:weird|funny|uncomfortable|wrong|icky|strange|gross)|not (?:to )?tell (?:my )?(?:parents|mum|mom|dad))\b`,
  ],
  [
    'ADULT_CONTACT',
    String.raw`\b(?:(?:coach|teacher|tutor|instructor|youth leader|leader|neighbour|uncle|stepdad|priest|older (?:guy|man|boy|lad)|man|guy|trainer) (?:\w+ ){0,4}(?:messages|messaging|texts|texting|snaps|snapchats|dms|calls|rings|emails) me|(?:messages|texts|snaps|dms|calls) me (?:\w+ )?(?:at night|late at night|every night|late|at \d+ ?am))\b`,
  ],
  [
    'LEAVE_SAFELY',
    String.raw`\b(?:(?:leave|get out|get away|escape)\b(?: \w+){0,2} (?:safely|safe)|safe(?:ly)? (?:way|plan) to (?:leave|get out|escape))\b`,
  ],
  [
    'ESCALATING',
    String.raw`\b(?:(?:he|she) (?:is|has|s) (?:been )?getting worse|(?:he|she) (?:got|has got|has gotten) worse|worse since (?:i|we|the)|escalat\w*)\b(?!.{0,30}\b(?:ill|illness|sick|symptoms|fever|cough|dementia|condition|cancer)\b)`,
  ],
  // medical: someone else's medicine missing near a child; a rash under a glass; a long lie
  [
    'MEDS_MISSING',
    String.raw`\b(?:(?:box|packet|bottle|pack|strip|blister pack|tub|pot)\b.{0,20}\b(?:open|opened)\b.{0,40}\b(?:missing|gone|empty)|(?:some|a few|pills|tablets|some of them|two|three|several) (?:are|were|is) (?:missing|gone)|missing (?:pills|tablets))\b`,
  ],
  [
    'MENINGITIS_SIGN',
    String.raw`\b(?:rash (?:\w+ )?(?:that )?(?:does not|did not|will not|is not|doesnt|wont) (?:fade|go away|disappear|blanch|turn white|go white)\b.{0,30}\b(?:glass|press\w*|tumbler)|non blanching|(?:glass|tumbler) test|(?:rash|spots)\b.{0,30}\b(?:under|through|with) (?:a )?glass)\b`,
  ],
  [
    'HEAD_BLOW',
    String.raw`\b(?:hit|banged|bumped|smacked|knocked|cracked) (?:my|his|her|their) head\b.{0,80}\b(?:threw up|throwing up|thrown up|vomit\w*|being sick)\b.{0,60}\b(?:forget\w*|confused|cannot remember|memory|drowsy|sleepy|seeing double|double vision|blurry|slurr\w*)\b`,
  ],
  [
    'LONG_LIE',
    String.raw`\b(?:on the floor|fallen|fell|had a fall)\b.{0,80}\b(?:(?:cannot|can not|could not|unable to) get (?:\w+ )?up)\b.{0,80}\b(?:since (?:last night|yesterday|this morning|\d+)|all night|overnight|for hours|hours)\b|\b(?:since (?:last night|yesterday)|all night|overnight)\b.{0,60}\b(?:on the floor|cannot get up|could not get up)\b`,
  ],
  [
    'ARTERIAL',
    String.raw`\b(?:(?:pumping|spurting|squirting|pulsing|gushing|pouring|spraying) (?:out )?(?:blood|of (?:my|his|her|the) (?:\w+ )?(?:arm|leg|wrist|hand|neck|head|cut|wound|thigh))|blood (?:is )?(?:pumping|spurting|squirting|pulsing|gushing|spraying)|(?:still|will not stop|not stopped|has not stopped|keeps) bleeding (?:\w+ ){0,2}(?:heavily |badly )?after (?:\d+|twenty|thirty|ten|fifteen|forty|an hour|half an hour))\b`,
  ],
  // suicide: a way out found, nothing mattering tomorrow, a calm decision with an apology
  [
    'WAY_OUT_FOUND',
    String.raw`\b(?:found|finally found|know|have|see) (?:a|the|my) way out of (?:all )?(?:this|the|my) (?:pain|misery|hell|suffering|mess|life)\b`,
  ],
  [
    'NOTHING_MATTERS_SOON',
    String.raw`\b(?:(?:tomorrow|after tonight|soon|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend|morning)|after (?:today|tonight|this weekend)) (?:none of (?:it|this)|nothing|it|this) (?:will not|would not|is not going to|will no longer|will) (?:matter|hurt|be (?:a problem|my problem))(?: anymore| any more)?|(?:none of (?:it|this)|nothing) (?:will|is going to) matter (?:tomorrow|soon|after tonight))\b`,
  ],
  [
    'CALM_DECISION',
    String.raw`\b(?:(?:made|have made|reached|come to) (?:my|a|the) (?:decision|choice)(?! to| about| on| (?:is|was) to)\b.{0,40}\b(?:calm|at peace|peaceful|relieved|lighter|ready)|(?:calm|at peace|peaceful) (?:about|with) (?:it|my decision|my choice|the decision) (?:now|finally))\b`,
  ],
  [
    'APOLOGY_BURDEN',
    String.raw`\b(?:sorry for (?:wasting your time|being a pain|bothering you|everything|all the trouble|being like this)|thank you for trying|thanks for trying)\b`,
  ],
  // decisions the retrained model no longer carries alone, written as families: a person
  // followed or watched in secret; a bare "done with it all"; lingering over a drop; food earned
  // by exercise; wanting everything to stop; a goal given up on with "what's the point"
  [
    'SURVEIL',
    String.raw`\b(?:(?:following|followed|follow) (?:him|her|them|my ex) (?:home|to work|from work|to (?:his|her|their) (?:house|flat|car))|keep(?:ing)? tabs on (?:my ex|him|her|them)\b.{0,60}\b(?:found out|know|moved|address|lives)|(?:fake|second|burner|new) (?:account|profile|number) to (?:watch|keep tabs on|follow|check on|stalk|message) (?:my ex|him|her|them))\b`,
  ],
  [
    'BARE_DONE',
    String.raw`^(?:honestly |i am |i m |im )?(?:so |just |completely )?done with (?:all of it|it all|everything|life|living)(?: now| tonight| right now)?$`,
  ],
  [
    'LINGER_DROP',
    String.raw`\b(?:(?:stop|stand|stay|linger|pause)\w* (?:and |to )?(?:look|stare)\w* (?:over|down)\b.{0,30}\b(?:longer|a while|each time|every time|for ages|every night|every day)|look(?:ing)? down (?:a bit |a little |a lot )?longer)\b`,
  ],
  [
    'EARN_FOOD',
    String.raw`\b(?:only|not|never) (?:let|allow) myself (?:to )?eat (?:\w+ ){0,3}(?:if|until|unless|after|once) (?:i have |i )?(?:burned|burnt|burn|earned|done|run|ran|walked|exercised|worked out) (?:at least |off |over |more than )?(?:\d+|enough|all of it|it off|the calories|a \d+)`,
  ],
  [
    'WANT_STOP_ALL',
    String.raw`\b(?:i )?(?:just |really )?want (?:it all |everything |it |all of it )?to (?:just )?stop(?: now| everything| all of it| it all)?$`,
  ],
  // suicide: affairs put in order one by one (a will, debts, a pet's new home) and a day named
  [
    'WILL_SORT',
    String.raw`\b(?:(?:sorted|sorting|sort out|sorted out|finished|signed|done|did) (?:out )?(?:my|a) (?:will|last will)|(?:^|\bmy |\bthe )wills? (?:is )?(?:all )?(?:sorted|done|signed|written|finished))\b`,
  ],
  [
    'DEBTS_CLEARED',
    String.raw`\b(?:(?:paid|pay|paying|cleared|clearing) off (?:the |my |all (?:of )?my |every )?(?:\w+ )?(?:credit cards?|cards?|debts?|loans?|overdraft|car|bills?|mortgage)|(?:credit cards?|debts?|loans?|overdraft|bills?|mortgage) (?:are |is )?(?:all )?(?:paid off|cleared))\b`,
  ],
  [
    'PET_REHOMED',
    String.raw`\b(?:the|my) (?:cat|dog|pet|rabbit|hamster|fish|bird|budgie|guinea pig)s? (?:(?:is|s|are|will be) )?(?:going|staying|living) (?:to|with) (?:my |the |a |our )?(?:\w+ )?(?:neighbours?|sister|brother|mum|dad|friend|parents|nan|gran|aunt|auntie|uncle|cousin)\b(?! (?:\w+ )?(?:for|while|when|during|over|until|till|this|next))`,
  ],
  [
    'DAY_SET',
    String.raw`\b(?:tomorrow|tonight|today|friday|monday|tuesday|wednesday|thursday|saturday|sunday|this weekend|the \d+\w*?)s? (?:(?:is|s) )?the (?:day|night)$`,
  ],
  // suicide: a gun readied, a place picked (with a decision made: the rules)
  [
    'GUN_READIED',
    String.raw`\b(?:cleaned|cleaning|loaded|loading|oiled|took out|taken out|got out|dug out|unlocked) (?:\w+ ){0,2}(?:shotgun|gun|rifle|pistol|revolver|handgun)\b`,
  ],
  [
    'PLACE_PICKED',
    String.raw`\b(?:picked|chosen|chose|found|scouted) (?:out )?(?:a|the|my) (?:spot|place|location)\b(?! for (?:the|a|our|my|his|her) (?:picnic|tent|tents|camp|party|wedding|photos?|shoot|stall|bench|garden|shed|holiday|ceremony|hot tub))`,
  ],
  // harm to others: a vow of what happens next time someone is hurt, a weapon kept at hand
  [
    'VOW_HARM',
    String.raw`\b(?:next time|if ever|the next time|one more time) (?:he|she|they|my \w+|that \w+) (?:\w+ ){0,2}(?:lays a finger on|touches|hits|hurts|lays hands on|puts (?:his|her|their) hands on|raises (?:his|her|their) hand to|goes near) (?:\w+ ){0,2}(?:he is|he s|hes|she is|she s|shes|they are|i will|i am going to|i am gonna|i swear)\b`,
  ],
  [
    'WEAPON_AT_HAND',
    String.raw`\b(?:hammer|knife|bat|baseball bat|machete|crowbar|axe|gun|blade|golf club)s? (?:is |are )?(?:under|beside|next to|by) my (?:bed|pillow|mattress|door)\b`,
  ],
  // eating: blood in the vomit of a purging habit
  [
    'ED_SIGNS',
    String.raw`\bblood (?:in (?:my|the) (?:vomit|sick)|when i (?:vomit|throw up|am sick|make myself sick|purge))\b`,
  ],
  // suicide: following someone lost (with the loss named: the rules)
  [
    'FOLLOW_LOSS',
    String.raw`\b(?:(?:think|thinking|thought|dream|dreaming) (?:about|of) (?:doing|do) (?:the same|what (?:he|she|they) did)|(?:join|be with|see) (?:him|her|them) (?:soon|again soon|there|in heaven|on the other side)|(?:going|want|wanting|plan|planning|ready|decided) to (?:join|be with|follow) (?:him|her|them)$|i will (?:join|be with|follow) (?:him|her|them)(?: soon)?$|(?:do|doing) (?:the same|what (?:he|she|they) did)(?: soon| too)?$)`,
  ],
  // abuse: medicine or papers withheld as leverage
  [
    'CONTROL',
    String.raw`\b(?:he|she|they|(?:my|his|her) (?:\w+ )?(?:${PARTNER}|mum|mother|dad|father|stepdad|stepmum|son|daughter|carer|family|brother|sister))\b(?: \w+){0,10}? (?:will not|would not|does not|did not|refuses to|refused to|never) (?:give|hand) (?:me )?(?:back )?my (?:\w+ )?(?:meds|medication|medicine|tablets|pills|inhaler|insulin|passport|visa|documents|papers)\b`,
  ],
  // abuse: things smashed or thrown in anger by someone at home, to frighten
  [
    'THREAT',
    String.raw`\b(?:he|she|they|(?:my|his|her) (?:\w+ )?(?:${PARTNER}|stepdad|stepmum|dad|father|mum|mother))\b (?:\w+ ){0,2}(?:smashed|smashes|smashing|smash|threw|throws|throwing|punched|punches|punching|kicked|kicks|broke|breaks|breaking) (?:the |a |my |our |all the )?(?:plates?|dishes|things|stuff|glass(?:es)?|walls?|doors?|holes? in (?:the|my) (?:wall|door)|furniture|phone|my phone|tv|mirror|cups?|mugs?)\b`,
  ],
  // medical: the signs of a heart attack without chest pain (jaw, left arm or shoulder, sweating,
  // sickness, getting worse), with no workout or dentist to explain them
  [
    'CARDIAC',
    String.raw`\b(?!.*\b(?:gym|workout|training|leg day|lifting|dentist|filling|wisdom tooth|slept funny|sleeping funny|massage|tattoo|vaccine|jab)\b)(?=.{0,80}\b(?:sweaty|sweating|clammy|cold sweat)\b)(?=.{0,120}\b(?:sick|nause\w*|breathless|short of breath|getting worse|dizzy|light ?headed)\b)(?:jaw and (?:my )?(?:left )?(?:arm|shoulder)|(?:left )?(?:arm|shoulder) and (?:my )?jaw|left (?:arm|shoulder))\b.{0,30}\b(?:ach\w*|pain\w*|hurt\w*|heavy|tight)`,
  ],
  [
    'POINTLESS_END',
    String.raw`\b(?:honestly|but honestly|really|tbh) what is the point(?: anymore| any more| of anything| of any of it)?$`,
  ],
];
