#include "interp2.hpp"
// modes: 0 RN-even(sticky),1 trunc,2 GR,3 half-up(G only), 4 ceil(away), 5 RN with G|R only... 
static uint32_t rnd(i128 S,int e2,int mode){ if(mode<=3) return packv(S,e2,mode);
  // ceil: add (2^sh -1) before truncation
  int top=126; while(!((S>>top)&1)) --top; int sh=top-23; if(sh<=0) return packv(S,e2,1);
  if(mode==4){ i128 r=S&((((i128)1)<<sh)-1); S = (S>>sh)<<sh; if(r) S+=((i128)1)<<sh; return packv(S,e2,1);} 
  // mode 5: round half up with sticky (round-half-away)
  i128 half=((i128)1)<<(sh-1); return packv(S+half,e2,1); }
static i128 sig(uint32_t a){return (a&0x7fffff)|0x800000;} static int ex(uint32_t a){return (int)((a>>23)&255)-150;}
int main(){
  auto rows=load_nn(); int N=rows.size(); FitCache fc; Hyp hr{7,0,26,16,10,1,2}, hs{7,0,26,16,10,1,2}; Det d0;
  Tab R=mktab(hr,fc.get(0,7,0,Rf,Rd1,Rd2,1,1),1); Tab Sl=mktab(hs,fc.get(1,7,0,Sf,Sd1,Sd2,1,1),1), Sh=mktab(hs,fc.get(1,7,0,Sf,Sd1,Sd2,2,2),2);
  // pm: FMUL mode; qm: FMAD product mode (6 = exact); am: FMAD add mode
  for(int pm=0;pm<6;++pm) for(int qm=0;qm<7;++qm) for(int am=0;am<6;++am){ int c=0;
    for(int t=0;t<N;++t){ auto&r=rows[t]; uint32_t p=rnd(sig(r.dy)*sig(r.dy),2*ex(r.dy),pm);
      i128 A; int ea; if(qm==6){A=sig(r.dx)*sig(r.dx); ea=2*ex(r.dx);} else {uint32_t pp=rnd(sig(r.dx)*sig(r.dx),2*ex(r.dx),qm); A=sig(pp); ea=ex(pp);}
      i128 B=sig(p); int eb=ex(p); int em=std::min(ea,eb); i128 Ssum=(A<<(ea-em))+(B<<(eb-em)); uint32_t s=rnd(Ssum,em,am);
      c+= rcp_d(R,d0,rsq_d(Sl,Sh,d0,s))==r.g; }
    if(pm==0) printf("pm=%d qm=%d am=%d : %d\n",pm,qm,am,c); }
}
